import { readdirSync, readFileSync } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { generateDocx, templateClauses } from '../server/src/infrastructure/files/generate';
import {
  detectFileProcessingTools,
  processFile,
  type FileProcessingTools,
} from '../server/src/infrastructure/files/file-processor';
import { renderPreview } from '../server/src/infrastructure/files/preview';
import { note, printLine, round } from './support/report';
import { withTempDir } from './support/temp-dir';

export interface FileProcessingBenchSizes {
  /** Size of the large PDF in MiB (the upload limit is 40 MB). */
  readonly pdfMegabytes: number;
  readonly docxPages: number;
}

/** A PDF of about `megabytes` MiB: a page of text, then pages each holding a photo-like (incompressible) JPEG. */
async function largePdf(megabytes: number): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 72, autoFirstPage: false });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
  pdf.addPage().font('Times-Bold').fontSize(16).text('Ruumide plaan ja fotod');
  pdf.font('Times-Roman').fontSize(11);
  for (const clause of templateClauses('Äripinna üürileping', 'et', 12))
    pdf.text(clause, { paragraphGap: 6 });
  let total = 0;
  while (total < (megabytes - 0.5) * 1024 * 1024) {
    const jpeg = await sharp({
      create: {
        width: 1800,
        height: 1800,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 50 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    pdf.addPage().image(jpeg, 72, 72, { fit: [451, 698] });
    total += jpeg.length;
  }
  pdf.end();
  return done;
}

/** Resident memory (kB) of every process descended from this one, summed, right now. */
function descendantsRssKb(): number {
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      parents.set(Number(entry), Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0));
      rss.set(Number(entry), Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0));
    } catch {
      // the process ended while we looked
    }
  }
  let sum = 0;
  for (const [pid, kb] of rss) {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p))
      if (p === process.pid) {
        sum += kb;
        break;
      }
  }
  return sum;
}

async function measure(
  label: string,
  path: string,
  format: 'pdf' | 'docx',
  tools: FileProcessingTools,
  extra: Record<string, string | number>,
): Promise<void> {
  let childPeakKb = 0;
  const sampler = setInterval(() => (childPeakKb = Math.max(childPeakKb, descendantsRssKb())), 25);
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const selfSampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  try {
    const processed = await processFile(path, format, tools);
    const processedMs = performance.now() - started;
    const preview = await renderPreview(processed.pageOne, { blurBelow: true });
    printLine({
      bench: 'file-processing',
      case: label,
      ...extra,
      method: processed.method,
      pages: processed.pages,
      sizeKb: processed.sizeKb,
      processMs: round(processedMs),
      previewMs: round(performance.now() - started - processedMs),
      serverRssGrowthMb: round((rssPeak - rssBefore) / 1024 / 1024, 1),
      childrenPeakRssMb: round(childPeakKb / 1024, 1),
      previewKb: round(preview.bytes.length / 1024),
    });
  } finally {
    clearInterval(sampler);
    clearInterval(selfSampler);
  }
}

/**
 * Time and memory to process the largest upload (a 40 MB PDF) and a long document (a 200-page DOCX),
 * with each available tool set: poppler or pdf.js for the PDF, LibreOffice or the metadata fallback for
 * the DOCX. `serverRssGrowthMb` is this (the server's) process, `childrenPeakRssMb` the programs it ran.
 */
export async function runFileProcessingBench(dir: string, sizes: FileProcessingBenchSizes): Promise<void> {
  const tools = detectFileProcessingTools();
  note(`file processing: generating a ${sizes.pdfMegabytes} MB PDF and a ${sizes.docxPages}-page DOCX`);
  const pdfPath = join(dir, 'large.pdf');
  await writeFile(pdfPath, await largePdf(sizes.pdfMegabytes));
  const docxPath = join(dir, 'long.docx');
  const doc = { title: 'Äripinna üürileping', language: 'et', paragraphs: [] };
  await writeFile(docxPath, await generateDocx(doc, { pages: sizes.docxPages }));
  const pdfMb = round((await stat(pdfPath)).size / 1024 / 1024, 1);
  if (tools.pdfinfo !== null) await measure('pdf-poppler', pdfPath, 'pdf', tools, { fileMb: pdfMb });
  await measure('pdf-pdfjs', pdfPath, 'pdf', { ...tools, pdfinfo: null, pdftoppm: null }, { fileMb: pdfMb });
  if (tools.soffice !== null)
    await measure('docx-libreoffice', docxPath, 'docx', tools, { docxPages: sizes.docxPages });
  await measure(
    'docx-metadata',
    docxPath,
    'docx',
    { ...tools, soffice: null },
    { docxPages: sizes.docxPages },
  );
}

/** `node bench/dist/bench/file-processing-bench.js` runs this section alone (until main.ts wires it in). */
if (require.main === module) {
  void withTempDir('files', (dir) => runFileProcessingBench(dir, { pdfMegabytes: 40, docxPages: 200 }));
}
