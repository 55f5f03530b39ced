import { FILE_FORMATS, type FileFormat, isOneOf } from '../../domain/catalogue/catalogue-codes';

/**
 * The name a browser sent, made safe to keep and show: the last path segment only, Unicode NFC, control
 * and bidi-override characters removed, white space collapsed. Null when nothing is left.
 */
export function cleanFileName(raw: string): string | null {
  const lastSegment = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    // C0/C1 controls and the bidi overrides that can make "exe.pdf" read as "fdp.exe".
    .replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? null : cleaned;
}

/** The format a file name claims by its extension (case-insensitive); null for any other extension. */
export function formatOfFileName(name: string): FileFormat | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  const extension = name.slice(dot + 1).toLowerCase();
  return isOneOf(FILE_FORMATS, extension) ? extension : null;
}

/** The Content-Type each allowed format is stored and served with. */
export const CONTENT_TYPES: Readonly<Record<FileFormat, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  rtf: 'application/rtf',
  txt: 'text/plain',
  mobi: 'application/x-mobipocket-ebook',
};
