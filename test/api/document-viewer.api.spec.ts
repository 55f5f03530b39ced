import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import request from 'supertest';
import { documentStreamId, pageImageKey } from '../../server/src/events/document.events';
import { CURRENT_SCHEMA_VERSION } from '../../server/src/events/event-catalog';
import { generatePdf } from '../../server/src/infrastructure/files/generate/pdf.generator';
import { templateClauses } from '../../server/src/infrastructure/files/generate/template-clauses';
import { BLOB_STORE, type BlobStore } from '../../server/src/infrastructure/blob-store/blob-store.port';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import { READ_STORE, type ReadStore } from '../../server/src/infrastructure/read-store/read-store.port';
import { FilePagesBackfill } from '../../server/src/processes/file-processing/file-pages-backfill';
import {
  DOCUMENTS_COLLECTION,
  type DocumentView,
} from '../../server/src/projections/catalogue/catalogue.read-model';
import { ProjectionRunner } from '../../server/src/projections/projection-runner';
import { type TestServer, startTestServer } from '../support/test-server';

interface DocumentPage {
  number: number;
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  clearBandHeight: number;
  blurred: boolean;
}
interface Detail {
  id: string;
  slug: string;
  price: number;
  pages: DocumentPage[];
  pageCount: number | null;
  contents: { level: number; text: string; page: number | null }[];
}

const bytesOf = async (blobs: BlobStore, key: string): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of await blobs.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** The image a browser gets at `url`. */
async function imageOf(server: TestServer, url: string): Promise<Buffer> {
  const res = await fetch(`${server.url}${url}`);
  expect({ status: res.status, type: res.headers.get('content-type') }).toEqual({
    status: 200,
    type: 'image/webp',
  });
  return Buffer.from(await res.arrayBuffer());
}

/** Where the catalogue keeps the page images of the document's main file. */
async function pagePrefix(server: TestServer, documentId: string): Promise<string> {
  const doc = await server.app
    .get<ReadStore>(READ_STORE)
    .collection<DocumentView>(DOCUMENTS_COLLECTION)
    .findOne({ _id: documentId });
  const main = doc!.files.find((file) => file.isMain)!;
  return main.pageImages!.prefix;
}

describe('The document page viewer: every page of the main file and its headings (real server)', () => {
  let server: TestServer;
  const api = () => request(server.url);
  const detail = async (slug: string): Promise<Detail> =>
    (await api().get(`/api/documents/${slug}`).expect(200)).body as Detail;
  const first = async (sort: 'price-asc' | 'price-desc') =>
    (
      (await api().get('/api/documents').query({ sort, limit: 1 }).expect(200)).body as {
        items: { slug: string }[];
      }
    ).items[0]!.slug;

  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(async () => server?.close());

  it('a paid document: every page blurred (page one but its top band), the headings in clear text', async () => {
    const paid = await detail(await first('price-desc'));
    expect(paid.price).toBeGreaterThan(0);
    expect(paid.pageCount).toBeGreaterThan(1);
    expect(paid.pages.map((page) => page.number)).toEqual(
      Array.from({ length: paid.pageCount! }, (_, index) => index + 1),
    );
    expect(paid.pages.every((page) => page.blurred)).toBe(true);
    expect(paid.pages[0]!.clearBandHeight).toBeGreaterThan(0);
    expect(paid.pages.slice(1).every((page) => page.clearBandHeight === 0)).toBe(true);
    // The seeded templates' section headings (the PDF's bookmarks), on the pages they are on.
    expect(paid.contents[0]).toMatchObject({ level: 1, page: 1 });
    expect(paid.contents[0]!.text).toMatch(/^1\. (Üldsätted|General provisions)$/);
    expect(paid.contents.every((entry) => entry.page !== null && entry.page <= paid.pageCount!)).toBe(true);

    // What is served, large and as a thumbnail, is the blurred image: never the clear page.
    const blobs = server.app.get<BlobStore>(BLOB_STORE);
    const prefix = await pagePrefix(server, paid.id);
    for (const page of paid.pages) {
      const large = await imageOf(server, page.url);
      const thumbnail = await imageOf(server, page.thumbnailUrl);
      expect(large.equals(await bytesOf(blobs, pageImageKey(prefix, page.number, 'blurred', 'page')))).toBe(
        true,
      );
      expect(large.equals(await bytesOf(blobs, pageImageKey(prefix, page.number, 'clear', 'page')))).toBe(
        false,
      );
      expect(
        thumbnail.equals(await bytesOf(blobs, pageImageKey(prefix, page.number, 'blurred', 'thumbnail'))),
      ).toBe(true);
    }
  });

  it('a free document: its pages clear', async () => {
    const free = await detail(await first('price-asc'));
    expect(free.price).toBe(0);
    expect(free.pages.length).toBeGreaterThan(1);
    expect(free.pages.every((page) => !page.blurred && page.clearBandHeight === page.height)).toBe(true);
    const prefix = await pagePrefix(server, free.id);
    const second = await imageOf(server, free.pages[1]!.url);
    const clear = await bytesOf(
      server.app.get<BlobStore>(BLOB_STORE),
      pageImageKey(prefix, 2, 'clear', 'page'),
    );
    expect(second.equals(clear)).toBe(true);
  });

  it('answers 404 for a page the document does not have, in the visitor’s language', async () => {
    const paid = await detail(await first('price-desc'));
    for (const page of ['0', String(paid.pages.length + 1), 'two']) {
      const res = await api().get(`/api/documents/${paid.slug}/pages/${page}`).set('Accept-Language', 'en');
      expect(res.status).toBe(404);
    }
    const res = await api()
      .get(`/api/documents/${paid.slug}/pages/${paid.pages.length + 1}/thumbnail`)
      .set('Accept-Language', 'en')
      .expect(404);
    expect(res.body).toMatchObject({
      code: 'DOCUMENT.PAGE_NOT_FOUND',
      message: 'The preview has no such page.',
    });
  });
});

describe('A document processed before the viewer gets its pages at the next start', () => {
  const documentId = randomUUID();
  const fileId = randomUUID();
  const uploaderId = randomUUID();
  const slug = `toeoeleping-${documentId.slice(0, 8)}`;
  let server: TestServer | null = null;

  afterAll(async () => server?.close());

  /** The facts an older version recorded: a processed PDF with its preview, and no page images. */
  async function writeOlderDocument(on: TestServer): Promise<void> {
    const blobKey = `files/${fileId}`;
    const pdf = await generatePdf(
      { title: 'Tööleping', language: 'et', paragraphs: templateClauses('Tööleping', 'et', 30) },
      { pages: 3 },
    );
    await on.app.get<BlobStore>(BLOB_STORE).put(blobKey, Readable.from([pdf]), 'application/pdf');
    const at = new Date().toISOString();
    const event = (type: keyof typeof CURRENT_SCHEMA_VERSION, data: unknown, version?: number) => ({
      id: randomUUID(),
      type,
      schemaVersion: version ?? CURRENT_SCHEMA_VERSION[type],
      data,
      metadata: { occurredAt: at, actorId: uploaderId },
    });
    const details = {
      title: 'Tööleping',
      description: 'Tähtajatu tööleping.',
      author: null,
      language: 'et',
      fieldOfLaw: 'employment',
      applicableLaw: 'EE',
      tags: [],
      year: 2026,
      price: 1990,
    };
    const result = await on.app.get<EventStore>(EVENT_STORE).append(
      documentStreamId(documentId),
      [
        event('DocumentCreated', { documentId, uploaderId, slug, details }),
        event('FileAdded', { documentId, fileId, title: 'Tööleping.pdf', format: 'pdf', sizeKb: 8, blobKey }),
        event('MainFileChosen', { documentId, fileId }),
        // Version 1: the shape before previews (lifted with no preview); the file is done all the same.
        event('FileProcessed', { documentId, fileId, pages: 3, sizeKb: 8 }, 1),
        event('DocumentPublished', { documentId }),
      ],
      'no_stream',
    );
    await on.app.get(ProjectionRunner).waitFor(result.position, ['catalogue'], 30_000);
  }

  const pagesEventsOf = async (app: TestServer['app']) =>
    (await app.get<EventStore>(EVENT_STORE).readStream(documentStreamId(documentId))).filter(
      (recorded) => recorded.type === 'FilePagesRendered',
    );
  const pagesEvents = (on: TestServer) => pagesEventsOf(on.app);

  it('renders them once, in the background, and a second start changes nothing', async () => {
    server = await startTestServer({ seed: false });
    await writeOlderDocument(server);
    // The pass of this start ran before the document existed: nothing yet.
    await server.app.get(FilePagesBackfill).settled();
    const before = (await request(server.url).get(`/api/documents/${slug}`).expect(200)).body as Detail;
    expect(before.pages).toEqual([]);
    expect(await pagesEvents(server)).toHaveLength(0);

    const dataDir = server.dataDir;
    await server.close({ keepData: true });
    // Nothing is looked for before the server listens: a start answers its first requests first.
    let beforeListening: number | 'pending' = 'pending';
    server = await startTestServer({
      dataDir,
      seed: false,
      beforeListen: async (app) => {
        let timer: NodeJS.Timeout | undefined;
        const waited = new Promise<'pending'>((resolve) => (timer = setTimeout(resolve, 8000, 'pending')));
        beforeListening = await Promise.race([app.get(FilePagesBackfill).settled(), waited]);
        clearTimeout(timer);
        expect((await pagesEventsOf(app)).length).toBe(0);
      },
    });
    expect(beforeListening).toBe('pending');
    expect(await server.app.get(FilePagesBackfill).settled()).toBe(1);
    const head = await server.app.get<EventStore>(EVENT_STORE).headPosition();
    await server.app.get(ProjectionRunner).waitFor(head, ['catalogue'], 30_000);
    const after = (await request(server.url).get(`/api/documents/${slug}`).expect(200)).body as Detail;
    expect(after.pages).toHaveLength(3);
    expect(after.pages.every((page) => page.blurred)).toBe(true);
    expect(after.contents.map((entry) => entry.text).slice(0, 2)).toEqual(['1. Üldsätted', '2. Lepingu ese']);
    await imageOf(server, after.pages[2]!.url);
    expect(await pagesEvents(server)).toHaveLength(1);

    await server.close({ keepData: true });
    server = await startTestServer({ dataDir, seed: false });
    expect(await server.app.get(FilePagesBackfill).settled()).toBe(0);
    expect(await pagesEvents(server)).toHaveLength(1);
  }, 240_000);
});
