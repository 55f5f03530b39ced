import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Reads a PDF's text lines with pdf.js in a child Node process (pdf.js is an ES module that jest's
 * CommonJS runtime cannot load). Text items on one baseline are joined left to right, a space where the
 * PDF leaves a gap, one line per baseline, top to bottom: the same lines `pdftotext -layout` prints, with
 * nothing but Node.js needed.
 */
const SCRIPT = `
const [moduleUrl] = process.argv.slice(-1);
const pdfjs = await import(moduleUrl);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const doc = await pdfjs.getDocument({ data: new Uint8Array(Buffer.concat(chunks)), isEvalSupported: false, verbosity: 0 }).promise;
const out = [];
for (let n = 1; n <= doc.numPages; n++) {
  const page = await doc.getPage(n);
  const { items } = await page.getTextContent();
  const lines = new Map();
  for (const item of items) {
    if (!('str' in item) || item.str === '') continue;
    const y = Math.round(item.transform[5]);
    const line = lines.get(y) ?? [];
    line.push({ x: item.transform[4], end: item.transform[4] + item.width, str: item.str });
    lines.set(y, line);
  }
  for (const y of [...lines.keys()].sort((a, b) => b - a)) {
    const line = lines.get(y).sort((a, b) => a.x - b.x);
    let text = '';
    let end = null;
    for (const part of line) {
      if (end !== null && part.x - end > 1 && !text.endsWith(' ') && !part.str.startsWith(' ')) text += ' ';
      text += part.str;
      end = part.end;
    }
    out.push(text);
  }
  out.push('\\f');
}
process.stdout.write(out.join('\\n'));
await doc.destroy();
`;

export function pdfText(pdf: Buffer | Uint8Array): string {
  const root = dirname(require.resolve('pdfjs-dist/package.json'));
  const moduleUrl = pathToFileURL(join(root, 'legacy', 'build', 'pdf.mjs')).href;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT, '--', moduleUrl], {
    input: pdf,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0)
    throw new Error(
      `pdf.js could not read the PDF: ${result.stderr.toString('utf8') || String(result.error)}`,
    );
  return result.stdout.toString('utf8');
}
