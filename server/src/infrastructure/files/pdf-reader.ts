import { mkdir, open, readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type PdfOutlineItem, type PdfTextLine, runPdfjs } from './pdfjs-child';
import type { FileProcessingTools } from './processing-tools';
import { runProgram } from './run-program';

/** Pages are rendered with their longer side this many pixels (A4 portrait: 1131 × 1600). */
export const PAGE_IMAGE_MAX_SIDE = 1600;
/** ISO 32000-1 (7.5.5): the last line of a PDF is `%%EOF`; readers look for it in the last kilobyte. */
const EOF_WINDOW = 1024;

/** The PDF cannot be read; `reason` says why in words for the uploader's error line and the logs. */
export class PdfReadError extends Error {}

export interface PdfFacts {
  readonly pages: number;
  /** Pages 1…maxPages as PNG (page one first). */
  readonly pageImages: readonly Buffer[];
  /** What the table of contents is read from; empty when pdf.js could not read the text. */
  readonly outline: readonly PdfOutlineItem[];
  readonly lines: readonly PdfTextLine[];
  readonly engine: 'poppler' | 'pdf.js';
}

/** Refuses a PDF whose end is missing (an upload cut short): poppler would silently rebuild what it can. */
export async function assertPdfComplete(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const length = Math.min(EOF_WINDOW, size);
    const tail = Buffer.alloc(length);
    await handle.read(tail, 0, length, size - length);
    if (!tail.includes('%%EOF', 0, 'latin1'))
      throw new PdfReadError(
        'The PDF is incomplete: its end-of-file marker is missing (was the upload cut short?).',
      );
  } finally {
    await handle.close();
  }
}

function popplerReason(stderr: string): string {
  if (/incorrect password/i.test(stderr)) return 'The PDF is password-protected.';
  const detail =
    stderr
      .trim()
      .split('\n')
      .filter((line) => line.length > 0)
      .slice(-1)[0] ?? 'no detail';
  return `The PDF cannot be read (${detail.slice(0, 200)}).`;
}

async function popplerPageCount(pdfinfo: string, path: string, timeLimitMs: number): Promise<number> {
  const output = await runProgram(pdfinfo, ['-enc', 'UTF-8', path], { timeLimitMs });
  if (output.exitCode !== 0) throw new PdfReadError(popplerReason(output.stderr));
  const pages = Number(/^Pages:\s+(\d+)\s*$/m.exec(output.stdout)?.[1] ?? NaN);
  if (!Number.isInteger(pages) || pages < 1) throw new PdfReadError('The PDF has no pages.');
  return pages;
}

async function popplerPageImages(
  pdftoppm: string,
  path: string,
  workDir: string,
  pages: number,
  timeLimitMs: number,
): Promise<Buffer[]> {
  const dir = join(workDir, 'poppler-pages');
  await mkdir(dir, { recursive: true });
  const output = await runProgram(
    pdftoppm,
    [
      '-png',
      '-f',
      '1',
      '-l',
      String(pages),
      '-r',
      '100',
      '-scale-to',
      String(PAGE_IMAGE_MAX_SIDE),
      path,
      join(dir, 'page'),
    ],
    { timeLimitMs },
  );
  if (output.exitCode !== 0) throw new PdfReadError(popplerReason(output.stderr));
  // pdftoppm names them page-1.png or page-01.png … by the number of digits of the last page.
  const files = (await readdir(dir))
    .map((name) => ({ name, number: Number(/^page-(\d+)\.png$/.exec(name)?.[1] ?? NaN) }))
    .filter((file) => Number.isInteger(file.number))
    .sort((a, b) => a.number - b.number);
  if (files.length === 0) throw new PdfReadError('The first page of the PDF could not be rendered.');
  const images: Buffer[] = [];
  for (const file of files) images.push(await readFile(join(dir, file.name)));
  return images;
}

/**
 * Page count, pages 1…`maxPages` as PNG and the text the table of contents is read from: poppler's pdfinfo
 * and pdftoppm where installed, pdf.js in a child process for the text and for whatever poppler cannot do
 * here. A PDF pdf.js cannot read the text of, but poppler can draw, has no table of contents. Every program
 * runs with the time limit of `tools`.
 */
export async function readPdf(
  path: string,
  tools: FileProcessingTools,
  workDir: string,
  maxPages: number,
): Promise<PdfFacts> {
  const popplerPages =
    tools.pdfinfo !== null ? await popplerPageCount(tools.pdfinfo, path, tools.timeLimitMs) : null;
  const popplerImages =
    tools.pdftoppm !== null && popplerPages !== null
      ? await popplerPageImages(
          tools.pdftoppm,
          path,
          workDir,
          Math.min(popplerPages, maxPages),
          tools.timeLimitMs,
        )
      : null;
  const request = { maxSide: PAGE_IMAGE_MAX_SIDE, maxPages, text: true, timeLimitMs: tools.timeLimitMs };
  if (popplerPages !== null && popplerImages !== null) {
    // Poppler drew the pages; the text is a bonus that a PDF pdf.js cannot read (or not in time) goes without.
    const text = await runPdfjs(path, { ...request, outDir: null }).catch(() => null);
    return {
      pages: popplerPages,
      pageImages: popplerImages,
      outline: text?.outline ?? [],
      lines: text?.lines ?? [],
      engine: 'poppler',
    };
  }
  const outDir = join(workDir, 'pdfjs-pages');
  await mkdir(outDir, { recursive: true });
  const result = await runPdfjs(path, { ...request, outDir });
  if (result.pages === null) {
    const detail = result.output.stderr.trim().split('\n').slice(-1)[0]?.slice(0, 200) ?? '';
    throw new PdfReadError(
      /password/i.test(detail)
        ? 'The PDF is password-protected.'
        : `The PDF cannot be read (${detail || 'pdf.js failed'}).`,
    );
  }
  const pageImages: Buffer[] = [];
  for (let number = 1; number <= Math.min(result.pages, maxPages); number++)
    pageImages.push(await readFile(join(outDir, `page-${number}.png`)));
  return {
    pages: popplerPages ?? result.pages,
    pageImages,
    outline: result.outline,
    lines: result.lines,
    engine: 'pdf.js',
  };
}
