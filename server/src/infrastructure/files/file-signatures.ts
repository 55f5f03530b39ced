import { OLE2_SIGNATURE } from './compound-file';
import { MOBI_TYPE_AND_CREATOR, PALMDB_TYPE_OFFSET } from './mobi-book';

/** The first bytes of a file, as many as the checks need. */
export const HEAD_BYTES = 4096;
/** Readers accept a PDF header anywhere in the first kilobyte (ISO 32000-1, Annex H implementation note). */
export const PDF_HEADER_WINDOW = 1024;
/** The ODF package's first entry, `mimetype`, holds this for a text document. */
export const ODT_MIME_TYPE = 'application/vnd.oasis.opendocument.text';
export const ZIP_LOCAL_HEADER = Buffer.from('PK\u0003\u0004', 'latin1');
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export function startsWith(head: Buffer, signature: Buffer | string, at = 0): boolean {
  const bytes = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : signature;
  return head.length >= at + bytes.length && head.subarray(at, at + bytes.length).equals(bytes);
}

export const isPdf = (head: Buffer): boolean =>
  head.subarray(0, PDF_HEADER_WINDOW).includes('%PDF-', 0, 'latin1');
export const isOle2 = (head: Buffer): boolean => startsWith(head, OLE2_SIGNATURE);
export const isZip = (head: Buffer): boolean => startsWith(head, ZIP_LOCAL_HEADER);
export const isRtf = (head: Buffer): boolean =>
  startsWith(head, '{\\rtf') || (startsWith(head, UTF8_BOM) && startsWith(head, '{\\rtf', 3));
export const isMobi = (head: Buffer): boolean => startsWith(head, MOBI_TYPE_AND_CREATOR, PALMDB_TYPE_OFFSET);

const KNOWN: readonly (readonly [string, (head: Buffer) => boolean])[] = [
  ['a Windows program (MZ)', (h) => startsWith(h, 'MZ')],
  ['a Linux program (ELF)', (h) => startsWith(h, '\u007fELF')],
  [
    'a macOS program (Mach-O)',
    (h) =>
      [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe].includes(
        h.length >= 4 ? h.readUInt32BE(0) : 0,
      ),
  ],
  ['a script (#!)', (h) => startsWith(h, '#!')],
  ['a PNG image', (h) => startsWith(h, '\u0089PNG\r\n\u001a\n')],
  ['a JPEG image', (h) => startsWith(h, '\u00ff\u00d8\u00ff')],
  ['a GIF image', (h) => startsWith(h, 'GIF87a') || startsWith(h, 'GIF89a')],
  ['a WebP image', (h) => startsWith(h, 'RIFF') && startsWith(h, 'WEBP', 8)],
  ['a gzip archive', (h) => startsWith(h, '\u001f\u008b')],
  ['a RAR archive', (h) => startsWith(h, 'Rar!')],
  ['a 7-Zip archive', (h) => startsWith(h, '7z\u00bc\u00af\u0027\u001c')],
  ['a PDF document', isPdf],
  ['an OLE2 compound file (.doc, .xls, .ppt, .msi or a password-protected Office file)', isOle2],
  ['a zip archive', isZip],
  ['an RTF document', isRtf],
  ['a MOBI e-book', isMobi],
];

/** What the first bytes say the file is, for the reason of a refusal ("a Windows program (MZ)"). */
export function describeContent(head: Buffer): string {
  return KNOWN.find(([, matches]) => matches(head))?.[0] ?? 'of an unrecognised kind';
}

/** True when the first bytes belong to a program, image or archive: such a file is never plain text. */
export function isKnownBinary(head: Buffer): boolean {
  return KNOWN.slice(0, 11).some(([, matches]) => matches(head));
}
