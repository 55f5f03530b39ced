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
  offset: number;
  limit: number;
}

const PUBLISHED = DEMO_TEMPLATES.filter((t) => t.published);
const DRAFT = DEMO_TEMPLATES.find((t) => !t.published)!;

describe('Catalogue API (seeded demo data, real HTTP)', () => {
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

  describe('search', () => {
    it('lists every published demo template and no draft', async () => {
      const page = await search('limit=50');
      expect(page.total).toBe(PUBLISHED.length);
      expect(page.items.map((d) => d.title).sort()).toEqual(PUBLISHED.map((t) => t.title).sort());
      expect(page.items.map((d) => d.title)).not.toContain(DRAFT.title);
    });

    it('finds "Tööleping" when typed without diacritics, in any case', async () => {
      for (const q of ['tooleping', 'TÖÖLEPING', 'Tooleping']) {
        const page = await search(`q=${encodeURIComponent(q)}`);
        expect(page.items.map((d) => d.title)).toContain('Tööleping');
      }
    });

    it('requires every word of the query to match', async () => {
      const both = await search(`q=${encodeURIComponent('tooleping ulesutlemise')}`);
      expect(both.items.map((d) => d.title)).toEqual(['Töölepingu ülesütlemise avaldus']);
      const none = await search(`q=${encodeURIComponent('tooleping zzzqqq')}`);
      expect(none).toMatchObject({ total: 0, items: [] });
    });

    it('treats regular-expression characters in the query as plain text', async () => {
      const page = await search(`q=${encodeURIComponent('.*')}`);
      expect(page.total).toBe(0);
    });

    it('filters by field of law, language and uploader', async () => {
      const employment = await search('fieldOfLaw=employment&limit=50');
      expect(employment.total).toBe(PUBLISHED.filter((t) => t.fieldOfLaw === 'employment').length);
      expect(employment.items.every((d) => d.fieldOfLaw === 'employment')).toBe(true);

      const english = await search('language=en&limit=50');
      expect(english.total).toBe(PUBLISHED.filter((t) => t.language === 'en').length);

      const uploaderId = english.items[0]!.uploader.id;
      const byUploader = await search(`uploaderId=${uploaderId}&limit=50`);
      expect(byUploader.total).toBeGreaterThan(0);
      expect(byUploader.items.every((d) => d.uploader.id === uploaderId)).toBe(true);
    });

    it('sorts newest first by default, and oldest first, and by price both ways', async () => {
      const created = (p: Page) => p.items.map((d) => Date.parse(d.createdAt));
      const newest = created(await search('limit=50'));
      expect(newest).toEqual([...newest].sort((a, b) => b - a));
      const oldest = created(await search('sort=oldest&limit=50'));
      expect(oldest).toEqual([...oldest].sort((a, b) => a - b));
      const desc = (await search('sort=price-desc&limit=50')).items.map((d) => d.price);
      expect(desc).toEqual([...desc].sort((a, b) => b - a));
      expect(desc[0]).toBe(Math.max(...PUBLISHED.map((t) => t.price)));
      const asc = (await search('sort=price-asc&limit=50')).items.map((d) => d.price);
      expect(asc).toEqual([...asc].sort((a, b) => a - b));
    });

    it('pages through the results without overlaps or gaps', async () => {
      const seen: string[] = [];
      for (let offset = 0; offset < PUBLISHED.length; offset += 10) {
        const page = await search(`limit=10&offset=${offset}`);
        expect(page.total).toBe(PUBLISHED.length);
        seen.push(...page.items.map((d) => d.id));
      }
      expect(new Set(seen).size).toBe(PUBLISHED.length);
      expect(seen).toHaveLength(PUBLISHED.length);
    });

    it('offers the codes of the search form', async () => {
      const { body } = await api().get('/api/catalogue/options').expect(200);
      expect(body).toMatchObject({
        fieldsOfLaw: expect.arrayContaining(['employment']),
        languages: ['et', 'en', 'ru', 'fi', 'lv', 'lt', 'de'],
      });
    });
  });

  describe('bad search input is refused with a translated message per field', () => {
    it.each([
      ['limit=abc', 'limit', 'Not number', 'Ei ole number'],
      ['limit=0', 'limit', 'The minimum allowed value is 1', 'Väikseim lubatud väärtus on 1'],
      ['limit=51', 'limit', 'The maximum allowed value is 50', 'Suurim lubatud väärtus on 50'],
      ['offset=-1', 'offset', 'The minimum allowed value is 0', 'Väikseim lubatud väärtus on 0'],
      ['offset=1.5', 'offset', 'Not number', 'Ei ole number'],
      [`q=${'a'.repeat(201)}`, 'q', 'Maximum 200 characters allowed', 'Lubatud on kuni 200 tähemärki'],
      ['q=a&q=b', 'q', 'Invalid value', 'Vigane väärtus'],
      [
        'fieldOfLaw=astrology',
        'fieldOfLaw',
        'This value is not one of the allowed choices',
        'See väärtus ei ole lubatud valikute hulgas',
      ],
      [
        'sort=random',
        'sort',
        'This value is not one of the allowed choices',
        'See väärtus ei ole lubatud valikute hulgas',
      ],
      ['uploaderId=42', 'uploaderId', 'Invalid identifier', 'Vigane identifikaator'],
    ])('%s', async (query, field, english, estonian) => {
      const en = await api()
        .get(`/api/documents?${query}`)
        .set('Accept-Language', 'en-GB,en;q=0.9')
        .expect(400);
      expect(en.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION.FORM_HAS_ERRORS',
        message: 'Form has errors!',
        errors: { [field]: [english] },
      });
      const et = await api().get(`/api/documents?${query}`).expect(400);
      expect(et.body).toMatchObject({ message: 'Vormil on vigu!', errors: { [field]: [estonian] } });
    });
  });

  describe('document page', () => {
    it('shows a published document with its files by slug', async () => {
      const [first] = (await search('q=tooleping&limit=50')).items.filter((d) => d.title === 'Tööleping');
      const { body } = await api().get(`/api/documents/${first!.slug}`).expect(200);
      const template = DEMO_TEMPLATES.find((t) => t.title === 'Tööleping')!;
      expect(body).toMatchObject({ id: first!.id, title: 'Tööleping', price: template.price });
      expect(body.files).toHaveLength(template.files.length);
      expect(body.files[0]).toMatchObject({
        title: template.files[0]!.title,
        pages: template.files[0]!.pages,
        sizeKb: template.files[0]!.sizeKb,
        isMain: true,
        state: 'done',
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
