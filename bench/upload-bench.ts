import { createReadStream, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { loadConfig } from '../server/src/config/app-config';
import { createApp } from '../server/src/create-app';
import { generateDocx } from '../server/src/infrastructure/files/generate/docx.generator';
import { templateClauses } from '../server/src/infrastructure/files/generate/template-clauses';
import { startTestIssuer } from '../test/support/test-issuer';
import { freePort } from '../test/support/test-server';
import { note, printLine, round } from './support/report';

export interface UploadBenchSizes {
  /** Bytes of the large PDF (at most 40 MB); its pages carry incompressible images. */
  readonly pdfBytes: number;
  /** Pages of the long DOCX. */
  readonly docxPages: number;
}

const MB = 1024 * 1024;

/** A real PDF of about `bytes` bytes: pages with images of noise (which no compression shrinks). */
async function largePdf(bytes: number): Promise<Buffer> {
  const side = 1400;
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
    for (let j = 0; j < noise.length; j += 4) noise.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, j);
    const png = await sharp(noise.subarray(0, perImage), { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    pdf.addPage();
    pdf.fontSize(18).text(`Lisa ${i + 1}: skaneeritud leping`, { paragraphGap: 12 });
    pdf.image(png, { fit: [480, 640] });
  }
  pdf.end();
  return done;
}

/** Samples the process's memory every few milliseconds until stopped. */
function memorySampler(): { stop(): { peakRssMb: number; peakHeapMb: number; baselineRssMb: number } } {
  const baseline = process.memoryUsage().rss;
  let peakRss = baseline;
  let peakHeap = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 5);
  return {
    stop() {
      clearInterval(timer);
      return {
        peakRssMb: round(peakRss / MB, 1),
        peakHeapMb: round(peakHeap / MB, 1),
        baselineRssMb: round(baseline / MB, 1),
      };
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

interface MyFile {
  readonly id: string;
  readonly state: string;
  readonly pages: number | null;
}

/**
 * Upload-to-preview through the real server (embedded profile, HTTP on 127.0.0.1): a 40 MB PDF and a
 * long DOCX, each timed from the first byte sent until the document shows the file processed with its
 * preview; and the process's peak memory while the 40 MB upload streams in (server and client share
 * the process, and neither holds the file).
 */
export async function runUploadBench(dir: string, sizes: UploadBenchSizes): Promise<void> {
  const issuer = await startTestIssuer();
  const port = await freePort();
  const config = loadConfig({
    ...issuer.env,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: join(dir, 'data'),
    SEED_DEMO_DATA: 'false',
    BASKET_EXPIRY_SWEEP_SECONDS: '0',
    PATH: process.env.PATH,
  });
  const app = await createApp(config, { logger: ['error'] });
  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  try {
    const authorization = `Bearer ${await issuer.idToken({ sub: '0195f0c2-0000-7000-8000-0000000000b1', email: 'bench@example.ee' })}`;
    const json = async (path: string, method = 'GET', body?: unknown) => {
      const response = await fetch(`${base}/api${path}`, {
        method,
        headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<{ id: string; files: MyFile[]; preview: unknown }>;
    };
    await json('/user/update', 'POST', {
      firstName: 'Bench',
      lastName: 'Uploader',
      public: {},
      acceptTerms: true,
    });

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

    for (const [kind, path] of [
      ['pdf', pdfPath],
      ['docx', docxPath],
    ] as const) {
      const document = await json('/my/documents', 'POST', {
        title: `Bench ${kind}`,
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
      const memory = kind === 'pdf' ? memorySampler() : null;
      const started = performance.now();
      const uploaded = await streamUpload(
        `${base}/api/my/documents/${document.id}/files?name=${encodeURIComponent(path.split('/').pop()!)}`,
        authorization,
        path,
      );
      const uploadMs = performance.now() - started;
      const peak = memory?.stop();
      if (uploaded.status !== 201) throw new Error(`upload ${kind}: ${uploaded.status} ${uploaded.body}`);
      let processed: { files: MyFile[]; preview: unknown } | null = null;
      for (;;) {
        const current = await json(`/my/documents/${document.id}`);
        const file = current.files[0];
        if (file && file.state !== 'processing') {
          processed = current;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const previewMs = performance.now() - started;
      printLine({
        bench: 'upload-to-preview',
        format: kind,
        bytes,
        pages: processed.files[0]?.pages ?? null,
        state: processed.files[0]?.state ?? null,
        preview: processed.preview !== null,
        uploadMs: round(uploadMs),
        uploadToPreviewMs: round(previewMs),
      });
      if (peak) {
        printLine({
          bench: 'upload-memory',
          bytes,
          baselineRssMb: peak.baselineRssMb,
          peakRssMb: peak.peakRssMb,
          rssGrowthMb: round(peak.peakRssMb - peak.baselineRssMb, 1),
          peakHeapMb: peak.peakHeapMb,
          fileMb: round(bytes / MB, 1),
        });
      }
    }
  } finally {
    await app.close();
    await issuer.close();
  }
}
