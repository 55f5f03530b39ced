import { type ChildProcess, spawn } from 'node:child_process';
import { createReadStream, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { generateDocx } from '../server/src/infrastructure/files/generate/docx.generator';
import { templateClauses } from '../server/src/infrastructure/files/generate/template-clauses';
import { startTestIssuer, type TestIssuer } from '../test/support/test-issuer';
import { freePort } from '../test/support/test-server';
import { note, printLine, round } from './support/report';

export interface UploadBenchSizes {
  /** Bytes of the large PDF (at most 40 MB); its pages carry incompressible images. */
  readonly pdfBytes: number;
  /** Pages of the long DOCX. */
  readonly docxPages: number;
}

const MB = 1024 * 1024;
/** How often the second server process collects garbage (see `upload-memory` with `gcEveryMs`). */
const GC_EVERY_MS = 20;

/** A real PDF of about `bytes` bytes: pages with images of noise (which no compression shrinks). */
async function largePdf(bytes: number): Promise<Buffer> {
  const side = 1000;
  const perImage = side * side * 3;
  const images = Math.max(1, Math.floor((bytes - 64 * 1024) / (perImage + 1024)));
  const pdf = new PDFDocument({ size: 'A4', margin: 48, autoFirstPage: false });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  for (let i = 0; i < images; i++) {
    const noise = Buffer.alloc(perImage);
    for (let j = 0; j + 4 <= noise.length; j += 4) noise.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, j);
    const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    pdf.addPage();
    pdf.fontSize(18).text(`Lisa ${i + 1}: skaneeritud leping`, { paragraphGap: 12 });
    pdf.image(png, { fit: [480, 640] });
  }
  pdf.end();
  return done;
}

/** A field of /proc/<pid>/status in MB (VmRSS: resident now; VmHWM: the peak since the last reset). */
function procStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? round(Number(match[1]) / 1024, 1) : Number.NaN;
}

/** Resets the process's peak resident size to its current size (Linux: `echo 5 > clear_refs`). */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

interface ServerProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly base: string;
  toggleGc(): void;
  stop(): Promise<void>;
}

/**
 * The server in its own process (bench/support/server-process.ts, configured like `npm start`), so its
 * memory is read from /proc without the bench's own. The message 'toggle-gc' switches its frequent garbage collection on and off.
 */
async function startServerProcess(dir: string, issuer: TestIssuer): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--expose-gc', join(__dirname, 'support', 'server-process.js')], {
    env: {
      ...process.env,
      ...issuer.env,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: join(dir, `data-${port}`),
      SEED_DEMO_DATA: 'false',
      BASKET_EXPIRY_SWEEP_SECONDS: '0',
      BENCH_GC_EVERY_MS: String(GC_EVERY_MS),
    },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The server process ended with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
  });
  return {
    child,
    pid: child.pid!,
    base: `http://127.0.0.1:${port}`,
    toggleGc: () => child.send('toggle-gc'),
    stop: async () => {
      child.removeAllListeners('exit');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** POSTs a file from disk as a stream (so the client holds no copy of it either). */
function streamUpload(
  url: string,
  authorization: string,
  path: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const size = statSync(path).size;
    const req = httpRequest(url, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/octet-stream', 'content-length': String(size) },
    });
    req.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    createReadStream(path).pipe(req);
  });
}

interface MyDocument {
  readonly id: string;
  readonly files: readonly { readonly state: string; readonly pages: number | null }[];
  readonly preview: unknown;
}

interface Uploaded {
  readonly bytes: number;
  readonly uploadMs: number;
  readonly uploadToPreviewMs: number;
  readonly document: MyDocument;
  readonly rssBeforeMb: number;
  readonly peakRssMb: number;
}

/** A signed-in uploader's calls to one server. */
function uploaderOf(server: ServerProcess, authorization: string) {
  const json = async <T>(path: string, method = 'GET', body?: unknown): Promise<T> => {
    const response = await fetch(`${server.base}/api${path}`, {
      method,
      headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    async acceptTerms(): Promise<void> {
      await json('/user/update', 'POST', {
        firstName: 'Bench',
        lastName: 'Uploader',
        public: {},
        acceptTerms: true,
      });
    },
    /** Creates a document, uploads the file and (unless told not to) waits until it is processed. */
    async upload(path: string, { waitProcessed = true } = {}): Promise<Uploaded> {
      const document = await json<MyDocument>('/my/documents', 'POST', {
        title: 'Bench',
        description: 'Upload-to-preview benchmark',
        author: null,
        language: 'et',
        fieldOfLaw: 'contract',
        applicableLaw: 'EE',
        tags: [],
        year: 2025,
        price: 990,
      });
      const bytes = statSync(path).size;
      const rssBeforeMb = procStatusMb(server.pid, 'VmRSS');
      resetPeak(server.pid);
      const started = performance.now();
      const name = encodeURIComponent(path.split('/').pop()!);
      const answer = await streamUpload(
        `${server.base}/api/my/documents/${document.id}/files?name=${name}`,
        authorization,
        path,
      );
      const uploadMs = performance.now() - started;
      const peakRssMb = procStatusMb(server.pid, 'VmHWM');
      if (answer.status !== 201) throw new Error(`upload ${path}: ${answer.status} ${answer.body}`);
      if (!waitProcessed)
        return {
          bytes,
          uploadMs,
          uploadToPreviewMs: Number.NaN,
          document: JSON.parse(answer.body) as MyDocument,
          rssBeforeMb,
          peakRssMb,
        };
      for (;;) {
        const current = await json<MyDocument>(`/my/documents/${document.id}`);
        if (current.files[0] && current.files[0].state !== 'processing') {
          const uploadToPreviewMs = performance.now() - started;
          return { bytes, uploadMs, uploadToPreviewMs, document: current, rssBeforeMb, peakRssMb };
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

function printMemory(run: Uploaded, gcEveryMs: number | null): void {
  printLine({
    bench: 'upload-memory',
    fileMb: round(run.bytes / MB, 1),
    gcEveryMs,
    serverRssBeforeMb: run.rssBeforeMb,
    serverPeakRssDuringUploadMb: run.peakRssMb,
    growthMb: round(run.peakRssMb - run.rssBeforeMb, 1),
  });
}

/**
 * Upload-to-preview through the real server (embedded profile, its own process, HTTP on 127.0.0.1): a
 * 40 MB PDF and a long DOCX, each timed from the first byte sent until the document shows the file
 * processed with its preview; and the server process's peak resident memory while the 40 MB upload
 * streams in, once as it runs and once with garbage collected every 20 ms (what it really keeps).
 */
export async function runUploadBench(dir: string, sizes: UploadBenchSizes): Promise<void> {
  const issuer = await startTestIssuer();
  try {
    note(`generating a ${round(sizes.pdfBytes / MB)} MB PDF and a ${sizes.docxPages}-page DOCX`);
    const pdfPath = join(dir, 'suur-leping.pdf');
    writeFileSync(pdfPath, await largePdf(sizes.pdfBytes));
    const docxPath = join(dir, 'pikk-leping.docx');
    const title = 'Raamleping';
    writeFileSync(
      docxPath,
      await generateDocx(
        { title, language: 'et', paragraphs: templateClauses(title, 'et', sizes.docxPages * 8) },
        { pages: sizes.docxPages },
      ),
    );
    note('files ready');
    const authorization = `Bearer ${await issuer.idToken({ sub: '0195f0c2-0000-7000-8000-0000000000b1', email: 'bench@example.ee' })}`;

    note('starting a server process');
    const server = await startServerProcess(dir, issuer);
    try {
      const uploader = uploaderOf(server, authorization);
      await uploader.acceptTerms();
      for (const [format, path] of [
        ['pdf', pdfPath],
        ['docx', docxPath],
      ] as const) {
        const run = await uploader.upload(path);
        printLine({
          bench: 'upload-to-preview',
          format,
          bytes: run.bytes,
          pages: run.document.files[0]?.pages ?? null,
          state: run.document.files[0]?.state ?? null,
          preview: run.document.preview !== null,
          uploadMs: round(run.uploadMs),
          uploadToPreviewMs: round(run.uploadToPreviewMs),
        });
        if (format === 'pdf') printMemory(run, null);
      }
    } finally {
      note('stopping the server process');
      await server.stop();
    }
    // The same upload into a fresh server that collects its young garbage every few milliseconds: the
    // growth it then shows is what the upload keeps, not what the collector has not yet freed.
    note('starting a fresh server process, collecting garbage during the upload');
    const fresh = await startServerProcess(dir, issuer);
    try {
      const uploader = uploaderOf(fresh, authorization);
      await uploader.acceptTerms();
      fresh.toggleGc();
      const collected = await uploader.upload(pdfPath, { waitProcessed: false });
      fresh.toggleGc();
      printMemory(collected, GC_EVERY_MS);
    } finally {
      note('stopping the server process');
      await fresh.stop();
    }
  } finally {
    await issuer.close();
  }
}
