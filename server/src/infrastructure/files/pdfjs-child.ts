import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ProgramOutput } from './run-program';
import { runProgram } from './run-program';

/**
 * pdf.js (pdfjs-dist 5, legacy build for Node 20, with @napi-rs/canvas): the page count, the pages as PNG
 * when poppler is not installed, and what the table of contents is read from (the outline, else the text
 * lines with their font sizes). It runs in a child Node process: pdf.js is an ES module our CommonJS
 * server (and jest) cannot load directly, and a child can be killed at the time limit and given its own
 * heap limit, so a hostile PDF cannot hang or bloat the server. The script reads the file by ranges
 * (pdf.js's Node file stream), writes pages 1…maxPages as `page-N.png` into the output folder when one is
 * given (longer side `maxSide` pixels), and prints one JSON object.
 */
const SCRIPT = `
const [moduleUrl, fontsUrl, pdfPath, outDir, maxSide, maxPages, wantText] = process.argv.slice(-7);
const pdfjs = await import(moduleUrl);
pdfjs.GlobalWorkerOptions.workerSrc = moduleUrl.replace(/pdf\\.mjs$/, 'pdf.worker.mjs');
const { pathToFileURL } = await import('node:url');
const { writeFile } = await import('node:fs/promises');
const { join } = await import('node:path');
const task = pdfjs.getDocument({
  url: pathToFileURL(pdfPath).href,
  standardFontDataUrl: fontsUrl,
  isEvalSupported: false,
  // Glyphs drawn from the font programs (and pdf.js's standard fonts), never from the system's fonts.
  disableFontFace: true,
  useSystemFonts: false,
  verbosity: 0,
});
const MAX_LINES = 8000;
const MAX_OUTLINE = 300;
try {
  const doc = await task.promise;
  const last = Math.min(doc.numPages, Number(maxPages));
  const lines = [];
  for (let number = 1; number <= last; number++) {
    const page = await doc.getPage(number);
    if (outDir !== '-') {
      const unit = page.getViewport({ scale: 1 });
      const scale = Number(maxSide) / Math.max(unit.width, unit.height);
      const viewport = page.getViewport({ scale });
      const { canvas, context } = doc.canvasFactory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvas, canvasContext: context, viewport }).promise;
      await writeFile(join(outDir, 'page-' + number + '.png'), await canvas.encode('png'));
      doc.canvasFactory.destroy({ canvas, context });
    }
    if (wantText === '1' && lines.length < MAX_LINES) {
      // The fonts' own names (with "Bold" in them) are known once the page's operators are read.
      if (outDir === '-') await page.getOperatorList();
      const content = await page.getTextContent();
      let line = null;
      for (const item of content.items) {
        if (typeof item.str !== 'string') continue;
        const y = Math.round(item.transform[5]);
        const size = Math.round(Math.hypot(item.transform[2], item.transform[3]) * 10) / 10;
        let font = '';
        try { font = page.commonObjs.has(item.fontName) ? String(page.commonObjs.get(item.fontName).name || '') : ''; } catch {}
        const bold = /bold|black|heavy|semibold|demi/i.test(font);
        if (line && Math.abs(line.y - y) <= Math.max(2, size * 0.3)) {
          line.text += item.str;
          if (item.str.trim()) { line.size = Math.max(line.size, size); line.bold = line.bold && bold; }
        } else {
          if (line && line.text.trim()) lines.push(line);
          line = { page: number, y, text: item.str, size: item.str.trim() ? size : 0, bold };
        }
        if (item.hasEOL && line) { if (line.text.trim()) lines.push(line); line = null; }
      }
      if (line && line.text.trim()) lines.push(line);
    }
    page.cleanup();
  }
  const outline = [];
  if (wantText === '1') {
    const walk = async (items, level) => {
      for (const item of items || []) {
        if (outline.length >= MAX_OUTLINE) return;
        let page = null;
        try {
          const dest = typeof item.dest === 'string' ? await doc.getDestination(item.dest) : item.dest;
          if (Array.isArray(dest) && dest[0]) page = (await doc.getPageIndex(dest[0])) + 1;
        } catch {}
        outline.push({ title: String(item.title || ''), level, page });
        await walk(item.items, level + 1);
      }
    };
    await walk(await doc.getOutline(), 1);
  }
  const answer = JSON.stringify({
    pages: doc.numPages,
    outline: outline.map((item) => ({ ...item, title: item.title.slice(0, 300) })),
    lines: lines.slice(0, MAX_LINES).map(({ page, text, size, bold }) => ({ page, text: text.slice(0, 300), size, bold })),
  });
  // ASCII only, so no letter is cut in two where the output arrives in pieces.
  process.stdout.write(answer.replace(/[\\u0080-\\uffff]/g, (c) => '\\\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')));
  await doc.destroy();
} catch (error) {
  process.stderr.write(String(error && error.name) + ': ' + String(error && error.message));
  process.exitCode = 2;
}
`;

/** A line of a page's text as pdf.js laid it out: items on one baseline joined. */
export interface PdfTextLine {
  readonly page: number;
  readonly text: string;
  /** The largest font size on the line, in PDF points. */
  readonly size: number;
  /** Every item of the line is in a font whose name says bold. */
  readonly bold: boolean;
}

export interface PdfOutlineItem {
  readonly title: string;
  /** 1 for a top-level bookmark. */
  readonly level: number;
  /** The page it points at (1-based), or null when its destination cannot be resolved. */
  readonly page: number | null;
}

export interface PdfjsResult {
  readonly output: ProgramOutput;
  /** Null when pdf.js could not read the file (output.stderr says why). */
  readonly pages: number | null;
  readonly outline: readonly PdfOutlineItem[];
  readonly lines: readonly PdfTextLine[];
}

export interface PdfjsRequest {
  /** Where pages 1…maxPages are written as `page-N.png`; null: no images. */
  readonly outDir: string | null;
  readonly maxSide: number;
  /** Pages rendered and read for text (the count is always the whole document's). */
  readonly maxPages: number;
  /** Read the outline and the text lines (the table of contents). */
  readonly text: boolean;
  readonly timeLimitMs: number;
}

function pdfjsLocations(): { moduleUrl: string; fontsUrl: string } {
  const packageJson = require.resolve('pdfjs-dist/package.json');
  const root = dirname(packageJson);
  return {
    moduleUrl: pathToFileURL(join(root, 'legacy', 'build', 'pdf.mjs')).href,
    fontsUrl: `${pathToFileURL(join(root, 'standard_fonts')).href}/`,
  };
}

function parse(stdout: string): Omit<PdfjsResult, 'output'> {
  const none = { pages: null, outline: [], lines: [] };
  try {
    const parsed = JSON.parse(stdout) as { pages?: unknown; outline?: unknown; lines?: unknown };
    if (typeof parsed.pages !== 'number' || !Number.isInteger(parsed.pages) || parsed.pages < 1) return none;
    return {
      pages: parsed.pages,
      outline: Array.isArray(parsed.outline) ? (parsed.outline as PdfOutlineItem[]) : [],
      lines: Array.isArray(parsed.lines) ? (parsed.lines as PdfTextLine[]) : [],
    };
  } catch {
    return none;
  }
}

/** Runs pdf.js on `pdfPath` as `request` asks. */
export async function runPdfjs(pdfPath: string, request: PdfjsRequest): Promise<PdfjsResult> {
  const { moduleUrl, fontsUrl } = pdfjsLocations();
  const output = await runProgram(
    process.execPath,
    [
      '--max-old-space-size=512',
      '--input-type=module',
      '-e',
      SCRIPT,
      '--',
      moduleUrl,
      fontsUrl,
      pdfPath,
      request.outDir ?? '-',
      String(request.maxSide),
      String(request.maxPages),
      request.text ? '1' : '0',
    ],
    // The text of a long document is more than the default output limit.
    { timeLimitMs: request.timeLimitMs, maxOutputBytes: 8 * 1024 * 1024 },
  );
  const result = output.exitCode === 0 ? parse(output.stdout) : { pages: null, outline: [], lines: [] };
  return { output, ...result };
}
