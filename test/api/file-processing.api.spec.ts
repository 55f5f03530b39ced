import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import yazl from 'yazl';
import type { FileFormat } from '../../server/src/domain/catalogue/catalogue-codes';
import { BLOB_STORE, type BlobStore } from '../../server/src/infrastructure/blob-store/blob-store.port';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import { aSampleFile } from '../support/sample-files';
import { type TestIssuer, startTestIssuer } from '../support/test-issuer';
import { type TestServer, startTestServer } from '../support/test-server';
import { type TestUploader, aDocumentBody, newUploader } from '../support/uploader';

interface MyFile {
  id: string;
  title: string;
  format: string;
  pages: number | null;
  sizeKb: number;
  isMain: boolean;
  state: 'processing' | 'done' | 'error';
  failureReason: string | null;
}
interface MyDocument {
  id: string;
  slug: string;
  status: 'draft' | 'published';
  files: MyFile[];
  canPublish: boolean;
  preview: { url: string; width: number; height: number; clearBandHeight: number; blurred: boolean } | null;
}

const PROCESSING_TIMEOUT_MS = 90_000;

/** The ids of a page of documents. */
const ids = (page: unknown): string[] => (page as { items: { id: string }[] }).items.map((i) => i.id);

/** A zip whose one entry of zeros unpacks to far more than it weighs: the classic zip bomb. */
function zipBomb(entryName: string, megabytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from('<?xml version="1.0"?><Types/>'), '[Content_Types].xml');
    zip.addBuffer(Buffer.alloc(megabytes * 1024 * 1024), entryName);
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

describe('File processing (real HTTP, real files, the background processor)', () => {
  let issuer: TestIssuer;
  let server: TestServer;
  let owner: TestUploader;
  const api = () => request(server.url);
  const auth = async (who: TestUploader = owner) => ({ Authorization: await who.authorization() });

  const newDocument = async (body = aDocumentBody()): Promise<MyDocument> =>
    (
      await api()
        .post('/api/my/documents')
        .set(await auth())
        .send(body)
        .expect(201)
    ).body as MyDocument;
  const upload = async (documentId: string, name: string, bytes: Buffer) =>
    api()
      .post(`/api/my/documents/${documentId}/files`)
      .query({ name })
      .set(await auth())
      .set('Accept-Language', 'en')
      .set('Content-Type', 'application/octet-stream')
      .send(bytes);
  const read = async (documentId: string): Promise<MyDocument> =>
    (
      await api()
        .get(`/api/my/documents/${documentId}`)
        .set(await auth())
        .expect(200)
    ).body as MyDocument;
  /** Polls the document until no file is processing. */
  const processed = async (documentId: string): Promise<MyDocument> => {
    const deadline = Date.now() + PROCESSING_TIMEOUT_MS;
    for (;;) {
      const doc = await read(documentId);
      if (doc.files.every((f) => f.state !== 'processing')) return doc;
      if (Date.now() > deadline) throw new Error(`Still processing: ${JSON.stringify(doc.files)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const blobs = () => server.app.get<BlobStore>(BLOB_STORE);
  const bytesOf = async (key: string): Promise<Buffer> => {
    const chunks: Buffer[] = [];
    for await (const chunk of await blobs().get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  beforeAll(async () => {
    issuer = await startTestIssuer();
    server = await startTestServer({ env: issuer.env, seed: false });
    owner = await newUploader(server.url, issuer);
  }, PROCESSING_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
    await issuer?.close();
  });

  it(
    'reads every allowed format: pages of files whose page count is known, size in kB, a preview',
    async () => {
      const formats: readonly [FileFormat, number][] = [
        ['pdf', 3],
        ['docx', 2],
        ['odt', 2],
        ['doc', 2],
        ['rtf', 2],
        ['txt', 3],
        ['mobi', 2],
      ];
      const doc = await newDocument();
      const sizes = new Map<string, number>();
      for (const [format, pages] of formats) {
        const bytes = await aSampleFile(format, pages);
        sizes.set(format, Math.ceil(bytes.length / 1024));
        const response = await upload(doc.id, `Üürileping.${format}`, bytes);
        expect(response.status).toBe(201);
      }
      const done = await processed(doc.id);
      expect(done.files.map((f) => [f.format, f.state, f.pages])).toEqual(
        formats.map(([format, pages]) => [format, 'done', pages]),
      );
      for (const file of done.files) expect(file.sizeKb).toBe(sizes.get(file.format));
      expect(done.files[0]).toMatchObject({ isMain: true, title: 'Üürileping.pdf' });
      expect(done.canPublish).toBe(true);
      expect(done.preview).toMatchObject({ blurred: true, width: 800 });
    },
    PROCESSING_TIMEOUT_MS * 2,
  );

  it('refuses a renamed executable, a picture named .docx and a zip bomb before storing them', async () => {
    const doc = await newDocument();
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096, 1)]);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096, 0x90)]);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    for (const [name, bytes] of [
      ['leping.pdf', elf],
      ['leping.doc', exe],
      ['leping.docx', png],
      ['leping.txt', exe],
    ] as const) {
      const response = await upload(doc.id, name, bytes);
      expect([name, response.status, response.body.code]).toEqual([name, 400, 'FILE.CONTENT_MISMATCH']);
      expect(response.body.message).toBe(
        'The content of the file does not match its extension. Only real .doc, .docx, .pdf, .txt, .rtf, .odt and .mobi files are allowed.',
      );
    }
    const bomb = await upload(doc.id, 'leping.docx', await zipBomb('word/document.xml', 20));
    expect(bomb.status).toBe(400);
    expect(bomb.body.code).toBe('FILE.ARCHIVE_TOO_LARGE');
    expect((await read(doc.id)).files).toEqual([]);
  });

  it('a corrupt PDF ends in error with a reason, never stuck in processing; it cannot be published', async () => {
    const doc = await newDocument();
    // Garbage after the header cannot be checked for scripts: refused at once (pdf-actions.ts).
    const garbage = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.alloc(20_000, 0x42),
      Buffer.from('\n%%EOF\n'),
    ]);
    const refused = await upload(doc.id, 'katki.pdf', garbage);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'FILE.PDF_NOT_CHECKABLE' });
    // Whole objects but no end-of-file marker: readable, so accepted, and processing ends in error.
    const whole = await aSampleFile('pdf', 2, 'Katki');
    const corrupt = whole.subarray(0, whole.lastIndexOf('%%EOF'));
    expect((await upload(doc.id, 'katki.pdf', corrupt)).status).toBe(201);
    const done = await processed(doc.id);
    expect(done.files[0]).toMatchObject({ state: 'error', pages: null });
    expect(done.files[0]!.failureReason).toEqual(expect.any(String));
    expect(done.canPublish).toBe(false);
    const publish = await api()
      .post(`/api/my/documents/${doc.id}/publish`)
      .set(await auth());
    expect(publish.status).toBe(422);
  });

  describe('a published paid document', () => {
    let doc: MyDocument;
    beforeAll(async () => {
      doc = await newDocument(aDocumentBody({ title: 'Müügileping', price: 2490 }));
      await upload(doc.id, 'Müügileping.pdf', await aSampleFile('pdf', 2, 'Müügileping'));
      await processed(doc.id);
      doc = (
        await api()
          .post(`/api/my/documents/${doc.id}/publish`)
          .set(await auth())
          .expect(200)
      ).body as MyDocument;
    }, PROCESSING_TIMEOUT_MS);

    it('is found in search at once; its page shows pages, size and the preview', async () => {
      const search = await api().get('/api/documents').query({ q: 'Müügileping', uploaderId: owner.userId });
      expect(ids(search.body)).toEqual([doc.id]);
      const detail = await api().get(`/api/documents/${doc.slug}`).expect(200);
      expect(detail.body.files).toEqual([
        expect.objectContaining({ title: 'Müügileping.pdf', pages: 2, state: 'done', isMain: true }),
      ]);
      expect(detail.body.preview).toMatchObject({ blurred: true, width: 800 });
    });

    it('sends visitors the blurred page: the clear band matches the page, nothing below it is clear', async () => {
      const detail = (await api().get(`/api/documents/${doc.slug}`).expect(200)).body as MyDocument;
      const served = await api()
        .get(detail.preview!.url)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      // The clear page, as processing stored it, read on the server side only.
      const [event] = (await server.app.get<EventStore>(EVENT_STORE).readStream(`document-${doc.id}`)).filter(
        (e) => e.type === 'FileProcessed',
      );
      const preview = (
        event!.data as { preview: { clearKey: string; blurredKey: string; clearBandHeight: number } }
      ).preview;
      const pixels = async (bytes: Buffer) =>
        sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const blurred = await pixels(served.body as Buffer);
      const clear = await pixels(await bytesOf(preview.clearKey));
      expect([blurred.info.width, blurred.info.height]).toEqual([clear.info.width, clear.info.height]);
      const { width, height, channels } = clear.info;
      const band = preview.clearBandHeight;
      expect(band).toBe(detail.preview!.clearBandHeight);
      expect(band).toBeGreaterThan(0);
      expect(band).toBeLessThan(height);
      const rowBytes = width * channels;
      // Above the band: the page's own pixels, exactly.
      expect(blurred.data.subarray(0, band * rowBytes).equals(clear.data.subarray(0, band * rowBytes))).toBe(
        true,
      );
      // Below it: every text row of the page is changed (mean absolute difference per row band).
      let differing = 0;
      let textRows = 0;
      for (let y = band; y < height; y++) {
        const row = clear.data.subarray(y * rowBytes, (y + 1) * rowBytes);
        if (!row.some((value) => value < 128)) continue; // white margin rows may stay white
        textRows += 1;
        const other = blurred.data.subarray(y * rowBytes, (y + 1) * rowBytes);
        if (!row.equals(other)) differing += 1;
      }
      expect(textRows).toBeGreaterThan(20);
      expect(differing).toBe(textRows);
      expect((served.body as Buffer).equals(await bytesOf(preview.clearKey))).toBe(false);
    });

    it('deleting it hides it from search, the page and My documents; its file stays stored for buyers', async () => {
      const other = await newDocument(aDocumentBody({ title: 'Kustutatav leping', price: 990 }));
      await upload(other.id, 'Kustutatav.pdf', await aSampleFile('pdf', 1, 'Kustutatav leping'));
      await processed(other.id);
      const published = (
        await api()
          .post(`/api/my/documents/${other.id}/publish`)
          .set(await auth())
          .expect(200)
      ).body as MyDocument;
      const [added] = (
        await server.app.get<EventStore>(EVENT_STORE).readStream(`document-${other.id}`)
      ).filter((e) => e.type === 'FileAdded');
      const blobKey = (added!.data as { blobKey: string }).blobKey;

      await api()
        .delete(`/api/my/documents/${other.id}`)
        .set(await auth())
        .expect(204);
      const search = await api().get('/api/documents').query({ uploaderId: owner.userId, limit: 50 });
      expect(ids(search.body)).not.toContain(other.id);
      await api().get(`/api/documents/${published.slug}`).expect(404);
      await api().get(`/api/documents/${published.slug}/preview`).expect(404);
      const mine = await api()
        .get('/api/my/documents')
        .set(await auth());
      expect(ids(mine.body)).not.toContain(other.id);
      expect(await blobs().stat(blobKey)).not.toBeNull();
      expect(existsSync(join(server.dataDir, 'blobs', 'objects', blobKey))).toBe(true);
    });

    it('removing its only file unpublishes it (SPEC §4)', async () => {
      const other = await newDocument(aDocumentBody({ title: 'Ühe failiga leping', price: 990 }));
      await upload(other.id, 'Üks.pdf', await aSampleFile('pdf', 1, 'Ühe failiga leping'));
      const ready = await processed(other.id);
      await api()
        .post(`/api/my/documents/${other.id}/publish`)
        .set(await auth())
        .expect(200);
      const removed = await api()
        .delete(`/api/my/documents/${other.id}/files/${ready.files[0]!.id}`)
        .set(await auth())
        .expect(200);
      expect(removed.body).toMatchObject({ status: 'draft', files: [], canPublish: false, preview: null });
      const search = await api().get('/api/documents').query({ uploaderId: owner.userId, limit: 50 });
      expect(ids(search.body)).not.toContain(other.id);
    });
  });

  it('a free document’s visitors get the clear page; a draft’s preview only its uploader', async () => {
    const free = await newDocument(aDocumentBody({ title: 'Tasuta volikiri', price: 0 }));
    await upload(free.id, 'Volikiri.pdf', await aSampleFile('pdf', 1, 'Tasuta volikiri'));
    const ready = await processed(free.id);
    expect(ready.preview).toMatchObject({ blurred: false });
    await api().get(ready.preview!.url).expect(404);
    const own = await api()
      .get(ready.preview!.url)
      .set(await auth());
    expect(own.status).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    const stranger = await newUploader(server.url, issuer);
    await api()
      .get(ready.preview!.url)
      .set(await auth(stranger))
      .expect(404);
    await api()
      .post(`/api/my/documents/${free.id}/publish`)
      .set(await auth())
      .expect(200);
    const visitor = await api().get(ready.preview!.url).expect(200);
    const [event] = (await server.app.get<EventStore>(EVENT_STORE).readStream(`document-${free.id}`)).filter(
      (e) => e.type === 'FileProcessed',
    );
    const clearKey = (event!.data as { preview: { clearKey: string } }).preview.clearKey;
    expect(Buffer.from(visitor.body as Buffer).equals(await bytesOf(clearKey))).toBe(true);
  });

  it('the uploader downloads their file under its original name', async () => {
    const doc = await newDocument();
    const bytes = await aSampleFile('txt', 1);
    const uploaded = (await upload(doc.id, 'Üürileping "lõplik".txt', bytes)).body as MyDocument;
    const { body } = await api()
      .get(`/api/my/documents/${doc.id}/files/${uploaded.files[0]!.id}/download`)
      .set(await auth())
      .expect(200);
    const download = await fetch(`${server.url}${(body as { url: string }).url}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Uurileping _loplik_.txt"; filename*=UTF-8''%C3%9C%C3%BCrileping%20%22l%C3%B5plik%22.txt`,
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    const stranger = await newUploader(server.url, issuer);
    await api()
      .get(`/api/my/documents/${doc.id}/files/${uploaded.files[0]!.id}/download`)
      .set(await auth(stranger))
      .expect(403);
  });
});

describe('File processing across a restart, and without LibreOffice', () => {
  let issuer: TestIssuer;
  beforeAll(async () => {
    issuer = await startTestIssuer();
  });
  afterAll(async () => {
    await issuer?.close();
  });

  it(
    'a file uploaded just before the server stops is processed after it starts again, exactly once',
    async () => {
      const first = await startTestServer({ env: issuer.env, seed: false });
      const owner = await newUploader(first.url, issuer);
      const auth = { Authorization: await owner.authorization() };
      const doc = (
        await request(first.url).post('/api/my/documents').set(auth).send(aDocumentBody()).expect(201)
      ).body as MyDocument;
      await request(first.url)
        .post(`/api/my/documents/${doc.id}/files`)
        .query({ name: 'Pikk leping.docx' })
        .set(auth)
        .set('Content-Type', 'application/octet-stream')
        .send(await aSampleFile('docx', 12))
        .expect(201);
      // Stop at once: the conversion (seconds with LibreOffice) has just begun, or not yet.
      await first.close({ keepData: true });
      const restartedAt = new Date().toISOString();

      const second = await startTestServer({ env: issuer.env, dataDir: first.dataDir, seed: false });
      try {
        const deadline = Date.now() + PROCESSING_TIMEOUT_MS;
        let files: MyFile[] = [];
        while (Date.now() < deadline) {
          files = (
            (await request(second.url).get(`/api/my/documents/${doc.id}`).set(auth).expect(200))
              .body as MyDocument
          ).files;
          if (files[0]?.state !== 'processing') break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(files[0]).toMatchObject({ state: 'done', pages: 12 });
        const events = await second.app.get<EventStore>(EVENT_STORE).readStream(`document-${doc.id}`);
        const recorded = events.filter((e) => e.type === 'FileProcessed');
        expect(recorded).toHaveLength(1);
        // Read by the second server: the first one left it when it stopped.
        expect(recorded[0]!.metadata.occurredAt >= restartedAt).toBe(true);
        expect(events.filter((e) => e.type === 'FileProcessingFailed')).toHaveLength(0);
      } finally {
        await second.close();
      }
    },
    PROCESSING_TIMEOUT_MS * 2,
  );

  it(
    'without LibreOffice, a DOCX’s pages come from its own metadata',
    async () => {
      const server = await startTestServer({ env: { ...issuer.env, SOFFICE_PATH: 'off' }, seed: false });
      try {
        const owner = await newUploader(server.url, issuer);
        const auth = { Authorization: await owner.authorization() };
        const doc = (
          await request(server.url).post('/api/my/documents').set(auth).send(aDocumentBody()).expect(201)
        ).body as MyDocument;
        await request(server.url)
          .post(`/api/my/documents/${doc.id}/files`)
          .query({ name: 'Leping.docx' })
          .set(auth)
          .set('Content-Type', 'application/octet-stream')
          .send(await aSampleFile('docx', 5))
          .expect(201);
        const deadline = Date.now() + PROCESSING_TIMEOUT_MS;
        let file: MyFile | undefined;
        while (Date.now() < deadline) {
          file = ((await request(server.url).get(`/api/my/documents/${doc.id}`).set(auth)).body as MyDocument)
            .files[0];
          if (file?.state !== 'processing') break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(file).toMatchObject({ state: 'done', pages: 5 });
        const [event] = (
          await server.app.get<EventStore>(EVENT_STORE).readStream(`document-${doc.id}`)
        ).filter((e) => e.type === 'FileProcessed');
        expect((event!.data as { method: string }).method).toBe('document-metadata');
      } finally {
        await server.close();
      }
    },
    PROCESSING_TIMEOUT_MS * 2,
  );
});
