import { runProgram } from './run-program';

/**
 * Actions a PDF reader carries out that run code or reach outside the document (ISO 32000-2 §12.6.4):
 * scripts, starting programs, sending form data, importing data, opening embedded or other files, and
 * rich media execution. Plain links (`/URI`) and moves within the document (`/GoTo`, `/Named`) are not
 * among them.
 */
export const CODE_RUNNING_ACTIONS: readonly string[] = [
  'JavaScript',
  'Launch',
  'SubmitForm',
  'ImportData',
  'GoToE',
  'GoToR',
  'RichMediaExecute',
];

/** Dictionary keys that hold scripts or script-driven forms wherever they stand. */
export const SCRIPT_KEYS: readonly string[] = ['JS', 'JavaScript', 'XFA'];

export type PdfActionsVerdict =
  | { readonly kind: 'clean' }
  | { readonly kind: 'active'; readonly found: readonly string[] }
  | { readonly kind: 'unreadable'; readonly reason: string };

/**
 * Run in a child Node process (pdf-lib parses the whole file; a hostile PDF must not hang or bloat the
 * server): loads the PDF with its cross-reference and object streams, walks every object, and prints
 * `{"found":[...]}` with what runs code: a dictionary with one of SCRIPT_KEYS, or an action whose `/S`
 * is one of CODE_RUNNING_ACTIONS, wherever it stands (the catalogue's /OpenAction, /AA of the document,
 * pages, annotations and form fields, the /Names JavaScript tree). Names are compared after pdf-lib has
 * decoded their `#xx` escapes, so `/J#53` is `/JS`. An encrypted file is refused as unreadable: its object
 * streams cannot be read without its key, so nothing could be said of them.
 */
const SCRIPT = `
const [pdfLibPath, pdfPath, actionsJson, keysJson] = process.argv.slice(-4);
const { PDFDocument, PDFDict, PDFArray, PDFName, PDFStream } = require(pdfLibPath);
const actions = new Set(JSON.parse(actionsJson));
const keys = new Set(JSON.parse(keysJson));
(async () => {
  const bytes = require('node:fs').readFileSync(pdfPath);
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
  if (doc.isEncrypted) {
    process.stdout.write(JSON.stringify({ unreadable: 'the file is encrypted' }));
    return;
  }
  if (doc.getPageCount() === 0) {
    process.stdout.write(JSON.stringify({ unreadable: 'no pages were found' }));
    return;
  }
  const found = new Set();
  const seen = new Set();
  const visit = (object) => {
    if (object instanceof PDFStream) object = object.dict;
    if (object instanceof PDFArray) {
      for (let i = 0; i < object.size(); i++) visit(object.get(i));
      return;
    }
    if (!(object instanceof PDFDict) || seen.has(object)) return;
    seen.add(object);
    for (const [key, value] of object.entries()) {
      const name = key.decodeText();
      if (keys.has(name)) found.add('/' + name);
      if (name === 'S' && value instanceof PDFName && actions.has(value.decodeText())) found.add('/' + value.decodeText());
      visit(value);
    }
  };
  for (const [, object] of doc.context.enumerateIndirectObjects()) visit(object);
  visit(doc.context.trailerInfo.Root && doc.context.lookup(doc.context.trailerInfo.Root));
  process.stdout.write(JSON.stringify({ found: [...found].sort() }));
})().catch((error) => {
  process.stdout.write(JSON.stringify({ unreadable: String((error && error.message) || error).slice(0, 300) }));
});
`;

/**
 * Whether the PDF at `path` holds actions that run code (see SCRIPT). The check runs in a child process
 * with its own heap limit and is stopped after `timeLimitMs`; a file it cannot read is "unreadable".
 */
export async function findPdfActions(path: string, timeLimitMs: number): Promise<PdfActionsVerdict> {
  const output = await runProgram(
    process.execPath,
    [
      '--max-old-space-size=512',
      '-e',
      SCRIPT,
      '--',
      require.resolve('pdf-lib'),
      path,
      JSON.stringify(CODE_RUNNING_ACTIONS),
      JSON.stringify(SCRIPT_KEYS),
    ],
    { timeLimitMs },
  );
  let answer: { found?: unknown; unreadable?: unknown } = {};
  try {
    answer = JSON.parse(output.stdout) as typeof answer;
  } catch {
    return { kind: 'unreadable', reason: `the check ended with ${output.exitCode ?? output.signal}` };
  }
  if (typeof answer.unreadable === 'string') return { kind: 'unreadable', reason: answer.unreadable };
  const found = Array.isArray(answer.found) ? answer.found.map(String) : [];
  return found.length > 0 ? { kind: 'active', found } : { kind: 'clean' };
}
