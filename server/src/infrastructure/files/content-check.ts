import { open, stat } from 'node:fs/promises';
import type { FileFormat } from '../../domain/catalogue/catalogue-codes';
import { CompoundFile, CompoundFileError } from './compound-file';
import {
  HEAD_BYTES,
  describeContent,
  isKnownBinary,
  isMobi,
  isOle2,
  isPdf,
  isRtf,
  isZip,
  ODT_MIME_TYPE,
} from './file-signatures';
import { MobiFormatError, readMobiBook } from './mobi-book';
import { findPdfActions } from './pdf-actions';
import { detectTextEncoding } from './text-detection';
import { FIB_MAGIC, WORD_DOCUMENT_STREAM } from './word-binary';
import { DEFAULT_ZIP_LIMITS, ZipArchive, ZipFormatError, ZipLimitError, type ZipLimits } from './zip-archive';

export type { ZipLimits } from './zip-archive';
export { DEFAULT_ZIP_LIMITS } from './zip-archive';

export type ContentCheckFailure =
  | 'FILE.CONTENT_MISMATCH'
  | 'FILE.ARCHIVE_TOO_LARGE'
  | 'FILE.EMPTY'
  | 'FILE.PDF_HAS_SCRIPTS'
  | 'FILE.PDF_NOT_CHECKABLE';
export type ContentCheckResult =
  { readonly ok: true } | { readonly ok: false; readonly code: ContentCheckFailure; readonly reason: string };

const EXPECTED: Record<FileFormat, string> = {
  pdf: 'a PDF document',
  doc: 'a Word 97–2003 document',
  docx: 'a Word document (Office Open XML)',
  odt: 'an OpenDocument text',
  rtf: 'an RTF document',
  txt: 'plain text',
  mobi: 'a MOBI e-book',
};

const OK: ContentCheckResult = { ok: true };
const mismatch = (reason: string): ContentCheckResult => ({
  ok: false,
  code: 'FILE.CONTENT_MISMATCH',
  reason,
});
const notA = (format: FileFormat, what: string): ContentCheckResult =>
  mismatch(`The file is ${what}, not ${EXPECTED[format]}.`);

/** How long the PDF action check may take (it parses the whole file in a child process). */
const PDF_CHECK_TIME_LIMIT_MS = 60_000;

/**
 * A PDF that runs code when opened or clicked (JavaScript, Launch, SubmitForm, …: pdf-actions.ts) is
 * refused, not stripped: the file a buyer gets stays byte for byte what the uploader sent and saw, and the
 * uploader is told to save it again without scripts. A PDF whose objects cannot be read (encrypted, or
 * broken beyond pdf-lib's repair) cannot be vouched for and is refused too.
 */
async function checkPdfActions(path: string): Promise<ContentCheckResult> {
  let verdict;
  try {
    verdict = await findPdfActions(path, PDF_CHECK_TIME_LIMIT_MS);
  } catch (error) {
    verdict = { kind: 'unreadable' as const, reason: String(error) };
  }
  switch (verdict.kind) {
    case 'clean':
      return OK;
    case 'active':
      return {
        ok: false,
        code: 'FILE.PDF_HAS_SCRIPTS',
        reason: `The PDF holds actions that run code: ${verdict.found.join(', ')}.`,
      };
    case 'unreadable':
      return {
        ok: false,
        code: 'FILE.PDF_NOT_CHECKABLE',
        reason: `The PDF's objects cannot be read (${verdict.reason}).`,
      };
  }
}

/**
 * Checks that the bytes at `path` really are a file of `format` (issue 6 item 2): the PDF header, the OLE2
 * signature and a Word FIB for .doc, a zip with the right main part for .docx and .odt, the RTF header,
 * printable UTF-8 / Windows-1257 / Windows-1252 for .txt, and the PalmDB BOOK/MOBI header. A zip is judged
 * by its central directory alone, against `limits`, before anything is decompressed (only the ODF
 * `mimetype` entry, at most 100 bytes, is read after that).
 */
export async function checkFileContent(
  path: string,
  format: FileFormat,
  limits?: Partial<ZipLimits>,
): Promise<ContentCheckResult> {
  const { size } = await stat(path);
  if (size === 0) return { ok: false, code: 'FILE.EMPTY', reason: 'The file is empty.' };
  const handle = await open(path, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(Math.min(HEAD_BYTES, size));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
    switch (format) {
      case 'pdf':
        return isPdf(head) ? await checkPdfActions(path) : notA(format, describeContent(head));
      case 'rtf':
        return isRtf(head) ? OK : notA(format, describeContent(head));
      case 'doc':
        return isOle2(head) ? await checkWordBinary(handle, size) : notA(format, describeContent(head));
      case 'mobi':
        if (!isMobi(head)) return notA(format, describeContent(head));
        try {
          await readMobiBook(handle, size);
          return OK;
        } catch (error) {
          if (error instanceof MobiFormatError)
            return mismatch(`The MOBI headers do not hold: ${error.message}`);
          throw error;
        }
      case 'docx':
      case 'odt':
        break;
      case 'txt':
        // An RTF file is text too, but it is a formatted document: it belongs under .rtf.
        if (isKnownBinary(head) || isRtf(head)) return notA(format, describeContent(head));
        break;
    }
  } finally {
    await handle.close();
  }
  if (format === 'txt')
    return (await detectTextEncoding(path)) !== null
      ? OK
      : mismatch(
          'The file is not text in UTF-8, Windows-1257 or Windows-1252 (it has control or binary bytes).',
        );
  if (!isZip(head)) return notA(format, describeContent(head));
  return checkZipDocument(path, format, { ...DEFAULT_ZIP_LIMITS, ...limits });
}

async function checkWordBinary(
  handle: Parameters<typeof CompoundFile.open>[0],
  size: number,
): Promise<ContentCheckResult> {
  try {
    const file = await CompoundFile.open(handle, size);
    const children = file.rootChildren();
    const word = children.get(WORD_DOCUMENT_STREAM);
    if (word?.type !== 'stream') {
      if (children.has('EncryptedPackage')) return notA('doc', 'a password-protected Office Open XML file');
      if (children.has('Workbook') || children.has('Book')) return notA('doc', 'an Excel workbook');
      if (children.has('PowerPoint Document')) return notA('doc', 'a PowerPoint presentation');
      return notA('doc', 'an OLE2 compound file without a WordDocument stream');
    }
    const fib = await file.readStream(word, 2);
    return fib.length === 2 && fib.readUInt16LE(0) === FIB_MAGIC
      ? OK
      : notA('doc', 'an OLE2 file whose WordDocument stream is not Word’s');
  } catch (error) {
    if (error instanceof CompoundFileError)
      return mismatch(`The OLE2 compound file is damaged: ${error.message}`);
    throw error;
  }
}

function describeZip(archive: ZipArchive, mimeType: string | null): string {
  if (archive.has('word/document.xml')) return 'a Word document (.docx)';
  if (archive.has('xl/workbook.xml')) return 'an Excel workbook (.xlsx)';
  if (archive.has('ppt/presentation.xml')) return 'a PowerPoint presentation (.pptx)';
  if (mimeType?.startsWith('application/vnd.oasis.opendocument.') === true)
    return `an OpenDocument file of type ${mimeType}`;
  if (archive.has('mimetype') && archive.has('META-INF/container.xml'))
    return 'an EPUB e-book or another zip package';
  return 'a zip archive';
}

async function checkZipDocument(
  path: string,
  format: 'docx' | 'odt' | FileFormat,
  limits: ZipLimits,
): Promise<ContentCheckResult> {
  let archive: ZipArchive;
  try {
    archive = await ZipArchive.open(path, limits);
  } catch (error) {
    if (error instanceof ZipLimitError)
      return { ok: false, code: 'FILE.ARCHIVE_TOO_LARGE', reason: error.message };
    if (error instanceof ZipFormatError) return mismatch(error.message);
    throw error;
  }
  try {
    const first = archive.entries[0];
    const mimeType =
      first?.name === 'mimetype' && first.uncompressedSize <= 100
        ? ((await archive.read('mimetype', 100))?.toString('latin1').trim() ?? null)
        : null;
    if (format === 'docx' && archive.has('[Content_Types].xml') && archive.has('word/document.xml'))
      return OK;
    if (format === 'odt' && mimeType === ODT_MIME_TYPE && archive.has('content.xml')) return OK;
    return notA(format, describeZip(archive, mimeType));
  } catch (error) {
    if (error instanceof ZipLimitError)
      return { ok: false, code: 'FILE.ARCHIVE_TOO_LARGE', reason: error.message };
    if (error instanceof ZipFormatError) return mismatch(error.message);
    throw error;
  } finally {
    archive.close();
  }
}
