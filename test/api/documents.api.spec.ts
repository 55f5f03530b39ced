import request from 'supertest';
import { type TestIssuer, startTestIssuer } from '../support/test-issuer';
import { type TestServer, startTestServer } from '../support/test-server';
import { type TestUploader, aDocumentBody, newUploader } from '../support/uploader';

interface MyDocument {
  id: string;
  slug: string;
  status: 'draft' | 'published';
  details: Record<string, unknown> & { title: string; price: number };
  files: { id: string; state: string; isMain: boolean }[];
  canPublish: boolean;
  preview: unknown;
  earnings: { price: number; vat: number; licenceFee: number; serviceFee: number; uploaderEarnings: number };
}

interface MyDocumentsPage {
  items: { id: string; title: string; status: string; price: number }[];
  total: number;
  counts: { documents: number; public: number; paid: number };
}

/** The ids of a page of documents. */
const ids = (page: unknown): string[] => (page as { items: { id: string }[] }).items.map((i) => i.id);

describe('Documents API: an uploader’s own documents (real HTTP)', () => {
  let issuer: TestIssuer;
  let server: TestServer;
  let owner: TestUploader;
  let stranger: TestUploader;
  const api = () => request(server.url);

  const auth = async (who: TestUploader) => ({ Authorization: await who.authorization() });
  const create = async (who: TestUploader, body = aDocumentBody()) =>
    (
      await api()
        .post('/api/my/documents')
        .set(await auth(who))
        .send(body)
        .expect(201)
    ).body as MyDocument;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    server = await startTestServer({ env: issuer.env, seed: false });
    owner = await newUploader(server.url, issuer);
    stranger = await newUploader(server.url, issuer);
  });
  afterAll(async () => {
    await server.close();
    await issuer.close();
  });

  it('creates a draft and answers it with the uploader’s earnings per sale at today’s rates', async () => {
    const doc = await create(owner, aDocumentBody({ price: 1240 }));
    expect(doc).toMatchObject({
      status: 'draft',
      details: aDocumentBody({ price: 1240 }),
      files: [],
      canPublish: false,
      preview: null,
      // 12.40 € contains 2.40 € VAT (24 %); 20 % of the remaining 10.00 € is the service fee.
      earnings: { price: 1240, vat: 240, licenceFee: 1000, serviceFee: 200, uploaderEarnings: 800 },
    });
    expect(doc.slug).toMatch(/^uurileping-korteri-kohta-[0-9a-f]{12}$/);
    const read = await api()
      .get(`/api/my/documents/${doc.id}`)
      .set(await auth(owner));
    expect(read.status).toBe(200);
    expect(read.body).toEqual(doc);
  });

  it('a draft is not in the public catalogue, except for its own uploader', async () => {
    const doc = await create(owner);
    await api().get(`/api/documents/${doc.slug}`).expect(404);
    await api()
      .get(`/api/documents/${doc.slug}`)
      .set(await auth(stranger))
      .expect(404);
    const own = await api()
      .get(`/api/documents/${doc.slug}`)
      .set(await auth(owner))
      .expect(200);
    expect(own.body).toMatchObject({ id: doc.id, status: 'draft', files: [], preview: null });
    // A bad token on a public page is just a visitor.
    await api().get(`/api/documents/${doc.slug}`).set('Authorization', 'Bearer nonsense').expect(404);
    const search = await api().get('/api/documents').query({ uploaderId: owner.userId }).expect(200);
    expect(ids(search.body)).not.toContain(doc.id);
  });

  it('edits the details; the slug stays', async () => {
    const doc = await create(owner);
    const edited = aDocumentBody({
      title: 'Üürileping (uuendatud)',
      author: { firstName: 'Jüri', lastName: 'Õun' },
      price: 0,
      tags: ['üür'],
    });
    const response = await api()
      .put(`/api/my/documents/${doc.id}`)
      .send(edited)
      .set(await auth(owner))
      .expect(200);
    expect(response.body).toMatchObject({
      slug: doc.slug,
      details: edited,
      earnings: { uploaderEarnings: 0 },
    });
  });

  it('answers every field error at once, in the request’s language, and the spec’s words above 1000 €', async () => {
    const response = await api()
      .post('/api/my/documents')
      .set(await auth(owner))
      .set('Accept-Language', 'en')
      .send(aDocumentBody({ title: ' ', fieldOfLaw: 'astrology', year: 1800, price: 100_001 }))
      .expect(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION.FORM_HAS_ERRORS',
      errors: {
        title: ['Field is required'],
        fieldOfLaw: ['This value is not one of the allowed choices'],
        year: ['The minimum allowed value is 1900'],
        price: [
          'The maximum document fee is 1000 euros. For a higher fee, please contact the service provider.',
        ],
      },
    });
    const missing = await api()
      .post('/api/my/documents')
      .send({ title: 'x' })
      .set(await auth(owner))
      .expect(400);
    expect(Object.keys(missing.body.errors)).toEqual(
      expect.arrayContaining(['description', 'language', 'fieldOfLaw', 'applicableLaw', 'year', 'price']),
    );
  });

  describe('only the uploader', () => {
    let doc: MyDocument;
    beforeAll(async () => {
      doc = await create(owner);
    });

    it.each([
      ['reads it for editing', 'get', ''],
      ['edits it', 'put', ''],
      ['publishes it', 'post', '/publish'],
      ['unpublishes it', 'post', '/unpublish'],
      ['deletes it', 'delete', ''],
      ['chooses its main file', 'put', '/main-file'],
    ] as const)('%s: another user gets 403, no token 401', async (_what, method, suffix) => {
      const path = `/api/my/documents/${doc.id}${suffix}`;
      const body =
        suffix === '/main-file' ? { fileId: doc.id } : method === 'put' ? aDocumentBody() : undefined;
      const other = await api()
        [method](path)
        .send(body)
        .set(await auth(stranger))
        .expect(403);
      expect(other.body.code).toBe('DOCUMENT.NOT_OWNER');
      const anonymous = await api()[method](path).send(body).expect(401);
      expect(anonymous.body.code).toBe('AUTH.UNAUTHORIZED');
    });

    it('adds and removes files: another user gets 403 before anything is stored, no token 401', async () => {
      const upload = (test: request.Test) =>
        test
          .query({ name: 'leping.txt' })
          .set('Content-Type', 'application/octet-stream')
          .send(Buffer.from('Tere'));
      const other = await upload(api().post(`/api/my/documents/${doc.id}/files`))
        .set(await auth(stranger))
        .expect(403);
      expect(other.body.code).toBe('DOCUMENT.NOT_OWNER');
      await upload(api().post(`/api/my/documents/${doc.id}/files`)).expect(401);
      const remove = `/api/my/documents/${doc.id}/files/${doc.id}`;
      await api()
        .delete(remove)
        .set(await auth(stranger))
        .expect(403);
      await api().delete(remove).expect(401);
      const own = await api()
        .get(`/api/my/documents/${doc.id}`)
        .set(await auth(owner))
        .expect(200);
      expect(own.body.files).toEqual([]);
    });

    it('lists only their own documents', async () => {
      const theirs = await api()
        .get('/api/my/documents')
        .set(await auth(stranger))
        .expect(200);
      expect(ids(theirs.body)).not.toContain(doc.id);
      await api().get('/api/my/documents').expect(401);
    });
  });

  it('publishing needs a processed main file: the spec’s publish error', async () => {
    const doc = await create(owner);
    const response = await api()
      .post(`/api/my/documents/${doc.id}/publish`)
      .set(await auth(owner))
      .set('Accept-Language', 'en')
      .expect(422);
    expect(response.body).toMatchObject({
      code: 'DOCUMENT.PUBLISH_NEEDS_MAIN_FILE',
      message:
        'To publish the document, at least one file must be uploaded, processed, and marked as the main one (with a blue background)!',
    });
    // Unpublishing a draft changes nothing.
    const unpublished = await api()
      .post(`/api/my/documents/${doc.id}/unpublish`)
      .set(await auth(owner))
      .expect(200);
    expect(unpublished.body.status).toBe('draft');
  });

  it('My documents: filters All / Public / Paid and a text filter, with the counts', async () => {
    const lister = await newUploader(server.url, issuer);
    await create(lister, aDocumentBody({ title: 'Töövõtuleping', price: 0 }));
    await create(
      lister,
      aDocumentBody({ title: 'Käsundusleping', description: 'Käsundi täitmine', price: 990 }),
    );
    await create(lister, aDocumentBody({ title: 'Volikiri', price: 450 }));
    const list = async (query: Record<string, string>) =>
      (
        await api()
          .get('/api/my/documents')
          .query(query)
          .set(await auth(lister))
          .expect(200)
      ).body as MyDocumentsPage;

    const all = await list({});
    expect(all.items.map((i) => i.title)).toEqual(['Volikiri', 'Käsundusleping', 'Töövõtuleping']);
    expect(all.counts).toEqual({ documents: 3, public: 0, paid: 2 });
    expect(all.total).toBe(3);
    const paid = await list({ filter: 'paid' });
    expect(paid.items.map((i) => i.title)).toEqual(['Volikiri', 'Käsundusleping']);
    expect(paid.counts).toEqual(all.counts);
    expect((await list({ filter: 'public' })).items).toEqual([]);
    expect((await list({ q: 'kasundi' })).items.map((i) => i.title)).toEqual(['Käsundusleping']);
    expect((await list({ q: 'TÖÖVÕTU' })).items.map((i) => i.title)).toEqual(['Töövõtuleping']);
    await api()
      .get('/api/my/documents')
      .query({ filter: 'drafts' })
      .set(await auth(lister))
      .expect(400);
  });

  it('deleting hides the document from My documents and from its own uploader; a second delete is 404', async () => {
    const doc = await create(owner);
    await api()
      .delete(`/api/my/documents/${doc.id}`)
      .set(await auth(owner))
      .expect(204);
    await api()
      .get(`/api/my/documents/${doc.id}`)
      .set(await auth(owner))
      .expect(404);
    // Gone for good, for its uploader too (410: search engines drop its page at once).
    const gone = await api()
      .get(`/api/documents/${doc.slug}`)
      .set(await auth(owner))
      .expect(410);
    expect(gone.body.code).toBe('DOCUMENT.DELETED');
    const list = await api()
      .get('/api/my/documents')
      .set(await auth(owner))
      .expect(200);
    expect(ids(list.body)).not.toContain(doc.id);
    await api()
      .delete(`/api/my/documents/${doc.id}`)
      .set(await auth(owner))
      .expect(404);
  });

  it('answers the split of a price for the earnings line', async () => {
    const split = await api()
      .get('/api/my/price-split')
      .query({ price: 1490 })
      .set(await auth(owner))
      .expect(200);
    expect(split.body).toEqual({
      price: 1490,
      vat: 288,
      licenceFee: 1202,
      serviceFee: 240,
      uploaderEarnings: 962,
    });
    await api()
      .get('/api/my/price-split')
      .query({ price: 100_001 })
      .set(await auth(owner))
      .expect(400);
    await api().get('/api/my/price-split').query({ price: 100 }).expect(401);
  });
});
