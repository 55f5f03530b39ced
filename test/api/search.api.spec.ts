import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import request from 'supertest';
import { ChangeDocument } from '../../server/src/commands/document/change-document.command';
import type { DocumentCommand } from '../../server/src/domain/catalogue/document.decider';
import type { DocumentDetails } from '../../server/src/events/document.events';
import { ProjectionRunner } from '../../server/src/projections/projection-runner';
import { DEMO_TEMPLATES, DEMO_UPLOADERS } from '../../server/src/seed/demo-catalogue.data';
import { documentCommands } from '../../server/src/seed/document-commands';
import { type TestServer, startTestServer } from '../support/test-server';

interface Summary {
  id: string;
  title: string;
  price: number;
  fieldOfLaw: string;
  language: string;
  applicableLaw: string;
  year: number;
  formats: string[];
  createdAt: string;
  author: { firstName: string; lastName: string } | null;
  uploader: { id: string; name: string };
}
interface Result {
  items: Summary[];
  total: number;
  nextCursor: string | null;
  sort: string;
  facets: Record<'fieldOfLaw' | 'language' | 'format' | 'year', Record<string, number>>;
  uploader: { id: string; name: string; company: string | null } | null;
}

const PUBLISHED = DEMO_TEMPLATES.filter((t) => t.published);
const DRAFT = DEMO_TEMPLATES.find((t) => !t.published)!;
const KADRI = DEMO_UPLOADERS.find((u) => u.key === 'kadri')!;
const titles = (result: Result) => result.items.map((d) => d.title);
const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

describe('Search API (seeded demo data, real HTTP)', () => {
  let server: TestServer;
  const api = () => request(server.url);

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const search = async (query: Record<string, string | number | undefined>): Promise<Result> => {
    const response = await api().get('/api/documents').query(query).expect(200);
    return response.body as Result;
  };

  /** Sends a document's commands through the command bus and waits for the search read model. */
  async function send(commands: readonly DocumentCommand[]): Promise<void> {
    let position: bigint | null = null;
    for (const command of commands) {
      position = (await server.app.get(CommandBus).execute(new ChangeDocument(command))).position ?? position;
    }
    await server.app.get(ProjectionRunner).waitFor(position, ['search']);
  }

  function newDocument(title: string, created: Date, overrides: Partial<DocumentDetails> = {}) {
    const documentId = randomUUID();
    return {
      documentId,
      commands: documentCommands({
        documentId,
        uploaderId: KADRI.userId,
        details: {
          title,
          description: 'Lisatud testi jaoks.',
          author: null,
          language: 'et',
          fieldOfLaw: 'contract',
          applicableLaw: 'EE',
          tags: [],
          year: 2018,
          price: 500,
          ...overrides,
        },
        files: [{ fileId: randomUUID(), title: 'Põhi', format: 'docx', pages: 1, sizeKb: 10 }],
        created,
        publish: true,
      }),
    };
  }

  describe('words, inflections and prefixes', () => {
    it.each([
      ['üürilepingut', ['Eluruumi üürileping', 'Äripinna üürileping']],
      ['uurileping', ['Eluruumi üürileping', 'Äripinna üürileping']],
      ['üürilepingute', ['Eluruumi üürileping', 'Äripinna üürileping']],
      ['töölepingute', ['Tööleping', 'Tähtajaline tööleping', 'Töölepingu ülesütlemise avaldus']],
      ['leases', ['Commercial Lease Agreement (Finland)', 'Residential Lease Agreement (Latvia)']],
    ])('finds the templates for the inflected word %p', async (q, expected) => {
      expect(titles(await search({ q, limit: 50 }))).toEqual(expect.arrayContaining(expected));
    });

    it('finds Estonian compounds by their last part: "leping" finds every kind of contract', async () => {
      const contracts = titles(await search({ q: 'leping', limit: 50 }));
      expect(contracts).toEqual(
        expect.arrayContaining([
          'Tööleping',
          'Eluruumi üürileping',
          'Konfidentsiaalsusleping',
          'Abieluvaraleping',
          'Kompromissileping',
          'Osanike leping',
        ]),
      );
      // A part never widens a search: every word must still match (here both end in üürileping).
      expect(titles(await search({ q: 'üürileping leping' }))).toEqual([
        'Eluruumi üürileping',
        'Äripinna üürileping',
      ]);
    });

    it('matches words and word beginnings, never the inside of a word ("NDA" is not "alaNDAmise")', async () => {
      expect(titles(await search({ q: 'NDA' }))).toEqual(['Mutual Non-Disclosure Agreement']);
      expect(titles(await search({ q: 'konfidents' }))).toContain('Konfidentsiaalsusleping');
    });

    it('requires every word; stop words are not required', async () => {
      expect(titles(await search({ q: 'tööleping ülesütlemise' }))).toEqual([
        'Töölepingu ülesütlemise avaldus',
      ]);
      expect((await search({ q: 'tööleping zzzqqq' })).total).toBe(0);
      expect(titles(await search({ q: 'lease for the office' }))).toEqual([
        'Commercial Lease Agreement (Finland)',
      ]);
    });

    it('ranks by relevance when there is text and no sort: title matches first, then newest', async () => {
      const result = await search({ q: 'tööleping', limit: 50 });
      expect(result.sort).toBe('relevance');
      const inTitle = result.items.map((d) =>
        fold(d.title)
          .split(/[^a-z0-9]+/)
          .some((word) => word.startsWith('tooleping')),
      );
      expect(inTitle.indexOf(false)).toBeGreaterThan(0);
      expect(inTitle.slice(inTitle.indexOf(false))).not.toContain(true);
      const lease = await search({ q: 'lease' });
      expect(titles(lease).slice(0, 2).sort()).toEqual([
        'Commercial Lease Agreement (Finland)',
        'Residential Lease Agreement (Latvia)',
      ]);
    });

    it('ranks an exact word above a stem match among equal titles', async () => {
      const a = newDocument('Rendileping', new Date('2020-01-01T00:00:00Z'));
      const b = newDocument('Rendilepingu', new Date('2026-11-01T00:00:00Z'));
      await send([...a.commands, ...b.commands]);
      expect(titles(await search({ q: 'rendileping' }))).toEqual(['Rendileping', 'Rendilepingu']);
      expect(titles(await search({ q: 'rendileping', sort: 'newest' }))).toEqual([
        'Rendilepingu',
        'Rendileping',
      ]);
    });
  });

  describe('filters', () => {
    it.each([
      ['fieldOfLaw', 'employment', (d: Summary) => d.fieldOfLaw === 'employment'],
      ['language', 'en', (d: Summary) => d.language === 'en'],
      ['applicableLaw', 'EU', (d: Summary) => d.applicableLaw === 'EU'],
      ['year', 2024, (d: Summary) => d.year === 2024],
      ['format', 'pdf', (d: Summary) => d.formats.includes('pdf')],
    ] as const)('%s=%s alone', async (name, value, holds) => {
      const result = await search({ [name]: value, limit: 50 });
      const expected = PUBLISHED.filter((t) =>
        // Every demo template has a PDF and a DOCX (the seed generates and uploads both); the documents
        // this suite adds have a DOCX only.
        name === 'format' ? value === 'pdf' : t[name] === value,
      ).map((t) => t.title);
      expect(titles(result).sort()).toEqual(expected.sort());
      expect(result.items.every(holds)).toBe(true);
    });

    it('title words match the title only; author words match the author or the uploader', async () => {
      expect(titles(await search({ title: 'üürilepingu', limit: 50 })).sort()).toEqual([
        'Eluruumi üürileping',
        'Äripinna üürileping',
      ]);
      expect(titles(await search({ author: 'rebane' }))).toEqual(['Hagiavaldus maakohtule (rahaline nõue)']);
      const liis = await search({ author: 'Liis Saar', limit: 50 });
      expect(liis.total).toBe(PUBLISHED.filter((t) => t.uploader === 'liis').length);
    });

    it('combines filters (all must hold)', async () => {
      const result = await search({ q: 'leping', language: 'et', fieldOfLaw: 'property', year: 2026 });
      expect(titles(result)).toEqual(['Eluruumi üürileping']);
    });

    it("the uploader route's filter: that uploader's published documents and their public name", async () => {
      const result = await search({ uploaderId: KADRI.userId, limit: 50 });
      expect(result.uploader).toEqual({ id: KADRI.userId, name: 'Kadri Tamm', company: KADRI.company });
      expect(result.items.every((d) => d.uploader.id === KADRI.userId)).toBe(true);
      expect(result.total).toBeGreaterThanOrEqual(PUBLISHED.filter((t) => t.uploader === 'kadri').length);
    });

    it('counts each facet value as if its own filter were not chosen', async () => {
      const all = await search({});
      const employment = await search({ fieldOfLaw: 'employment' });
      expect(employment.facets.fieldOfLaw).toEqual(all.facets.fieldOfLaw);
      expect(employment.facets.language).toEqual({
        et: PUBLISHED.filter((t) => t.fieldOfLaw === 'employment' && t.language === 'et').length,
        en: PUBLISHED.filter((t) => t.fieldOfLaw === 'employment' && t.language === 'en').length,
      });
      expect(all.facets.format['pdf']).toBe(PUBLISHED.length);
      expect(all.facets.format['docx']).toBeGreaterThanOrEqual(PUBLISHED.length);
      expect(all.facets.year['2019']).toBe(1);
    });
  });

  describe('sorts and pages', () => {
    it('sorts newest (default without text), oldest, price high-low and low-high', async () => {
      const keys = async (sort: string, key: (d: Summary) => number) =>
        (await search({ ...(sort ? { sort } : {}), limit: 50 })).items.map(key);
      const created = (d: Summary) => Date.parse(d.createdAt);
      const newest = await keys('', created);
      expect(newest).toEqual([...newest].sort((a, b) => b - a));
      const oldest = await keys('oldest', created);
      expect(oldest).toEqual([...oldest].sort((a, b) => a - b));
      const desc = await keys('price-desc', (d) => d.price);
      expect(desc).toEqual([...desc].sort((a, b) => b - a));
      const asc = await keys('price-asc', (d) => d.price);
      expect(asc).toEqual([...asc].sort((a, b) => a - b));
    });

    it.each([{}, { sort: 'price-asc' }, { q: 'leping' }])(
      'pages %p by cursor without repeats or gaps while documents are published between pages',
      async (query) => {
        const before = (await search({ ...query, limit: 50 })).items.map((d) => d.id);
        const seen: string[] = [];
        let cursor: string | null = null;
        let round = 0;
        do {
          const page: Result = await search({ ...query, limit: 5, ...(cursor ? { cursor } : {}) });
          seen.push(...page.items.map((d) => d.id));
          cursor = page.nextCursor;
          round += 1;
          if (round <= 2) {
            const early = newDocument(`Vahepeal lisatud leping ${round}`, new Date('2019-06-01T00:00:00Z'));
            const late = newDocument(`Hiljem lisatud leping ${round}`, new Date());
            await send([...early.commands, ...late.commands]);
          }
        } while (cursor && round < 30);
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen).toEqual(expect.arrayContaining(before));
      },
    );
  });

  describe('only published documents', () => {
    it('never returns drafts, unpublished or deleted documents', async () => {
      expect(titles(await search({ q: DRAFT.title }))).not.toContain(DRAFT.title);
      const gone = newDocument('Kustutatav kinkeleping', new Date());
      const hidden = newDocument('Peidetav kinkeleping', new Date());
      await send([...gone.commands, ...hidden.commands]);
      expect(titles(await search({ q: 'kinkeleping' })).sort()).toEqual([
        'Kustutatav kinkeleping',
        'Peidetav kinkeleping',
      ]);
      const at = { actorId: KADRI.userId, now: new Date() };
      await send([
        { type: 'DeleteDocument', data: { documentId: gone.documentId }, context: at },
        { type: 'UnpublishDocument', data: { documentId: hidden.documentId }, context: at },
      ]);
      expect((await search({ q: 'kinkeleping' })).total).toBe(0);
    });
  });

  describe('input is text, never a query', () => {
    it.each(['.*', '{"$gt":""}', '^', '\\'])('q=%p finds nothing and fails nothing', async (q) => {
      expect((await search({ q })).total).toBe(0);
    });

    it('an operator name is just its word', async () => {
      expect(await search({ q: '$ne' })).toEqual(await search({ q: 'ne' }));
    });

    it('regular-expression characters around a word are ignored', async () => {
      expect(titles(await search({ q: '(üürileping.*' }))).toEqual(
        expect.arrayContaining(['Eluruumi üürileping', 'Äripinna üürileping']),
      );
    });

    it.each([
      ['fieldOfLaw[$ne]=x', 'fieldOfLaw[$ne]', 'Unknown search parameter'],
      ['q[$regex]=.*', 'q[$regex]', 'Unknown search parameter'],
      ['offset=20', 'offset', 'Unknown search parameter'],
      ['cursor=abc', 'cursor', 'This results page is no longer valid; please search again'],
      ['cursor=a%2Fb', 'cursor', 'This results page is no longer valid; please search again'],
      ['year=abc', 'year', 'Not number'],
      ['year=1800', 'year', 'The minimum allowed value is 1900'],
      ['format=exe', 'format', 'This value is not one of the allowed choices'],
      ['sort=random', 'sort', 'This value is not one of the allowed choices'],
      ['limit=51', 'limit', 'The maximum allowed value is 50'],
      [`title=${'a'.repeat(201)}`, 'title', 'Maximum 200 characters allowed'],
      ['uploaderId=42', 'uploaderId', 'Invalid identifier'],
    ])('%s is refused with 400 naming the field', async (query, field, message) => {
      const { body } = await api().get(`/api/documents?${query}`).set('Accept-Language', 'en').expect(400);
      expect(body).toEqual({
        statusCode: 400,
        code: 'VALIDATION.FORM_HAS_ERRORS',
        message: 'Form has errors!',
        errors: { [field]: [message] },
      });
    });
  });
});
