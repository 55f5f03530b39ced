import { FILE_FORMATS, type FileFormat, isOneOf } from '../../domain/catalogue/catalogue-codes';
import { normaliseText } from '../../domain/shared/text';

/**
 * The name a browser sent, in the form text is stored in (domain/shared/text.ts, as profile names): the
 * last path segment only, Unicode NFC, white space and invisible characters cut from both ends. Nothing is
 * removed from inside it: a name with control or text-direction characters is refused by the document
 * decider, not silently changed. Null when nothing is left.
 */
export function cleanFileName(raw: string): string | null {
  const lastSegment = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = normaliseText(lastSegment);
  return cleaned === '' ? null : cleaned;
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
