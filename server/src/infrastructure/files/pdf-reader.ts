import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runPdfjs } from './pdfjs-child';
import type { FileProcessingTools } from './processing-tools';
import { runProgram } from './run-program';

/** Page one is rendered with its longer side this many pixels (A4 portrait: 1131 × 1600). */
export const PAGE_IMAGE_MAX_SIDE = 1600;
/** ISO 32000-1 (7.5.5): the last line of a PDF is `%%EOF`; readers look for it in the last kilobyte. */
const EOF_WINDOW = 1024;

/** The PDF cannot be read; `reason` says why in words for the uploader's error line and the logs. */
export class PdfReadError extends Error {}

export interface PdfFacts {
  readonly pages: number;
  readonly pageOne: Buffer;
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

async function popplerPages(pdfinfo: string, path: string, timeLimitMs: number): Promise<number> {
  const output = await runProgram(pdfinfo, ['-enc', 'UTF-8', path], { timeLimitMs });
  if (output.exitCode !== 0) throw new PdfReadError(popplerReason(output.stderr));
  const pages = Number(/^Pages:\s+(\d+)\s*$/m.exec(output.stdout)?.[1] ?? NaN);
  if (!Number.isInteger(pages) || pages < 1) throw new PdfReadError('The PDF has no pages.');
  return pages;
}

async function popplerPageOne(
  pdftoppm: string,
  path: string,
  workDir: string,
  timeLimitMs: number,
): Promise<Buffer> {
  const prefix = join(workDir, 'page-one');
  const output = await runProgram(
    pdftoppm,
    [
      '-png',
      '-f',
      '1',
      '-l',
      '1',
      '-r',
      '100',
      '-scale-to',
      String(PAGE_IMAGE_MAX_SIDE),
      '-singlefile',
      path,
      prefix,
    ],
    { timeLimitMs },
  );
  if (output.exitCode !== 0) throw new PdfReadError(popplerReason(output.stderr));
  try {
    return await readFile(`${prefix}.png`);
  } catch {
    throw new PdfReadError('The first page of the PDF could not be rendered.');
  }
}

/**
 * Page count and page one (PNG) of a PDF: poppler's pdfinfo and pdftoppm where installed, pdf.js in a
 * child process for whatever poppler cannot do here. Every program runs with the time limit of `tools`.
 */
export async function readPdf(path: string, tools: FileProcessingTools, workDir: string): Promise<PdfFacts> {
  let pages = tools.pdfinfo !== null ? await popplerPages(tools.pdfinfo, path, tools.timeLimitMs) : null;
  let pageOne =
    tools.pdftoppm !== null ? await popplerPageOne(tools.pdftoppm, path, workDir, tools.timeLimitMs) : null;
  if (pages !== null && pageOne !== null) return { pages, pageOne, engine: 'poppler' };
  const png = pageOne === null ? join(workDir, 'page-one-pdfjs.png') : null;
  const result = await runPdfjs(path, png, PAGE_IMAGE_MAX_SIDE, tools.timeLimitMs);
  if (result.pages === null) {
    const detail = result.output.stderr.trim().split('\n').slice(-1)[0]?.slice(0, 200) ?? '';
    throw new PdfReadError(
      /password/i.test(detail)
        ? 'The PDF is password-protected.'
        : `The PDF cannot be read (${detail || 'pdf.js failed'}).`,
    );
  }
  pages ??= result.pages;
  pageOne ??= await readFile(png!);
  return { pages, pageOne, engine: 'pdf.js' };
}
