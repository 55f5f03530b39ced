import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ProgramOutput } from './run-program';
import { runProgram } from './run-program';

/**
 * pdf.js (pdfjs-dist 5, legacy build for Node 20, with @napi-rs/canvas) when poppler is not installed.
 * It runs in a child Node process: pdf.js is an ES module our CommonJS server (and jest) cannot load
 * directly, and a child can be killed at the time limit and given its own heap limit, so a hostile PDF
 * cannot hang or bloat the server. The script reads the file by ranges (pdf.js's Node file stream),
 * prints `{"pages":N}` and, when asked, writes page one as PNG, its longer side `maxSide` pixels.
 */
const SCRIPT = `
const [moduleUrl, fontsUrl, pdfPath, pngPath, maxSide] = process.argv.slice(-5);
const pdfjs = await import(moduleUrl);
pdfjs.GlobalWorkerOptions.workerSrc = moduleUrl.replace(/pdf\\.mjs$/, 'pdf.worker.mjs');
const { pathToFileURL } = await import('node:url');
const { writeFile } = await import('node:fs/promises');
const task = pdfjs.getDocument({
  url: pathToFileURL(pdfPath).href,
  standardFontDataUrl: fontsUrl,
  isEvalSupported: false,
  // Glyphs drawn from the font programs (and pdf.js's standard fonts), never from the system's fonts.
  disableFontFace: true,
  useSystemFonts: false,
  verbosity: 0,
});
try {
  const doc = await task.promise;
  if (pngPath !== '-') {
    const page = await doc.getPage(1);
    const unit = page.getViewport({ scale: 1 });
    const scale = Number(maxSide) / Math.max(unit.width, unit.height);
    const viewport = page.getViewport({ scale });
    const { canvas, context } = doc.canvasFactory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    await writeFile(pngPath, await canvas.encode('png'));
  }
  process.stdout.write(JSON.stringify({ pages: doc.numPages }));
  await doc.destroy();
} catch (error) {
  process.stderr.write(String(error && error.name) + ': ' + String(error && error.message));
  process.exitCode = 2;
}
`;

export interface PdfjsResult {
  readonly output: ProgramOutput;
  readonly pages: number | null;
}

function pdfjsLocations(): { moduleUrl: string; fontsUrl: string } {
  const packageJson = require.resolve('pdfjs-dist/package.json');
  const root = dirname(packageJson);
  return {
    moduleUrl: pathToFileURL(join(root, 'legacy', 'build', 'pdf.mjs')).href,
    fontsUrl: `${pathToFileURL(join(root, 'standard_fonts')).href}/`,
  };
}

/** Runs pdf.js on `pdfPath`; with `pngPath`, page one is rendered there. */
export async function runPdfjs(
  pdfPath: string,
  pngPath: string | null,
  maxSide: number,
  timeLimitMs: number,
): Promise<PdfjsResult> {
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
      pngPath ?? '-',
      String(maxSide),
    ],
    { timeLimitMs },
  );
  let pages: number | null = null;
  if (output.exitCode === 0) {
    try {
      const parsed = JSON.parse(output.stdout) as { pages?: unknown };
      if (typeof parsed.pages === 'number' && Number.isInteger(parsed.pages) && parsed.pages > 0)
        pages = parsed.pages;
    } catch {
      pages = null;
    }
  }
  return { output, pages };
}
