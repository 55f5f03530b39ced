import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { documentSlug } from '../../server/src/domain/catalogue/slug';
import { DEMO_TEMPLATES } from '../../server/src/seed/demo-catalogue.data';
import { demoDocumentId } from '../../server/src/seed/demo-seeder';
import { type TestServer, startTestServer } from '../support/test-server';

interface Summary {
  id: string;
  slug: string;
  title: string;
  price: number;
  fieldOfLaw: string;
  language: string;
  createdAt: string;
  uploader: { id: string; name: string };
}
interface Page {
  items: Summary[];
  total: number;
}

const DRAFT = DEMO_TEMPLATES.find((t) => !t.published)!;

describe('Catalogue API: options, document pages, routing (seeded demo data, real HTTP)', () => {
  let server: TestServer;
  let clientDist: string;
  const api = () => request(server.url);

  beforeAll(async () => {
    clientDist = mkdtempSync(join(tmpdir(), 'lepinguturg-dist-'));
    writeFileSync(join(clientDist, 'index.html'), '<!doctype html><title>Lepinguturg app</title>');
    server = await startTestServer({ env: { CLIENT_DIST_DIR: clientDist } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(clientDist, { recursive: true, force: true });
  });

  const search = async (query: string): Promise<Page> => {
    const response = await api().get(`/api/documents?${query}`).expect(200);
    return response.body as Page;
  };

  describe('search form', () => {
    it('offers the codes of the search form', async () => {
      const { body } = await api().get('/api/catalogue/options').expect(200);
      expect(body).toMatchObject({
        fieldsOfLaw: expect.arrayContaining(['employment']),
        languages: ['et', 'en', 'ru', 'fi', 'lv', 'lt', 'de'],
      });
    });
  });

  // Search itself: test/api/search.api.spec.ts.

  describe('document page', () => {
    it('shows a published document with its real files by slug: a processed PDF (main) and a DOCX', async () => {
      const [first] = (await search('q=tooleping&limit=50')).items.filter((d) => d.title === 'Tööleping');
      const { body } = await api().get(`/api/documents/${first!.slug}`).expect(200);
      const template = DEMO_TEMPLATES.find((t) => t.title === 'Tööleping')!;
      expect(body).toMatchObject({
        id: first!.id,
        title: 'Tööleping',
        price: template.price,
        status: 'published',
      });
      expect(body.files).toEqual([
        expect.objectContaining({
          title: 'Tööleping.pdf',
          format: 'pdf',
          pages: template.pages,
          isMain: true,
          state: 'done',
        }),
        expect.objectContaining({
          title: 'Tööleping.docx',
          format: 'docx',
          pages: template.pages,
          isMain: false,
          state: 'done',
        }),
      ]);
      for (const file of body.files as { sizeKb: number }[]) expect(file.sizeKb).toBeGreaterThan(0);
      // Nothing about where the bytes are kept reaches a visitor.
      expect(JSON.stringify(body)).not.toMatch(/blobKey|files\/|previews\//);
      expect(body.preview).toMatchObject({
        url: expect.stringMatching(`^/api/documents/${first!.slug}/preview`),
      });
    });

    it.each([
      ['an unknown slug', 'no-such-document-0123456789ab'],
      ['an unpublished draft', 'DRAFT'],
      ['a malformed slug', 'Ä%20;DROP'],
      ['an oversize slug', 'a'.repeat(250)],
    ])('answers 404 DOCUMENT.NOT_FOUND for %s', async (_, slug) => {
      const path = slug === 'DRAFT' ? documentSlug(DRAFT.title, demoDocumentId(DRAFT)) : slug;
      const { body } = await api().get(`/api/documents/${path}`).set('Accept-Language', 'en').expect(404);
      expect(body).toEqual({ statusCode: 404, code: 'DOCUMENT.NOT_FOUND', message: 'Document not found!' });
    });
  });

  describe('routing', () => {
    it('answers an unknown API path with a JSON 404', async () => {
      const { body } = await api().get('/api/no-such-thing').expect(404);
      expect(body).toEqual({ statusCode: 404, code: 'ERROR.NOT_FOUND', message: 'Ei leitud!' });
    });

    it('answers other paths with the client app (client-app.api.spec.ts: 200 for its pages, 404 else)', async () => {
      expect((await api().get('/').expect(200)).text).toContain('Lepinguturg app');
      expect((await api().get('/see-ei-ole-olemas').expect(404)).text).toContain('Lepinguturg app');
    });
  });
});
