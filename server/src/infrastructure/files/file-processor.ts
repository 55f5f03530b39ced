import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileFormat } from '../../domain/catalogue/catalogue-codes';
import { CompoundFileError } from './compound-file';
import { convertToPdf } from './libreoffice';
import { MobiFormatError, mobiPages, readMobiBook, readMobiTextStart } from './mobi-book';
import {
  readDocMetadata,
  readDocxMetadata,
  readOdtMetadata,
  readRtfMetadata,
  type DocumentMetadata,
} from './office-metadata';
import { PageTextCollector, XmlStreamScanner, type PageOneText } from './page-text';
import { PdfReadError, assertPdfComplete, readPdf } from './pdf-reader';
import type { FileProcessingTools } from './processing-tools';
import { ProgramTimeoutError } from './run-program';
import { detectTextEncoding } from './text-detection';
import { decodeSingleByte } from './text-encoding';
import { renderPlainTextPage, renderTextPage } from './text-page-image';
import { TextPageCounter } from './text-pages';
import { WordBinaryError } from './word-binary';
import { DEFAULT_ZIP_LIMITS, ZipArchive, ZipFormatError, ZipLimitError, type ZipLimits } from './zip-archive';

export { detectFileProcessingTools, type FileProcessingTools } from './processing-tools';

export interface ProcessedFile {
  readonly pages: number;
  /** ceil(bytes / 1024). */
  readonly sizeKb: number;
  /** Page one rendered as PNG, NOT blurred (the caller blurs it with renderPreview). */
  readonly pageOne: Buffer;
  /**
   * How pages and image were obtained: 'pdf' (poppler), 'pdf.js', 'libreoffice', 'document-metadata'
   * (the count the document stores; page one drawn from its text), 'text-estimate' (no stored count:
   * the estimate of page-text.ts), 'text-layout' (.txt page rule), 'mobi-header' (e-book rule).
   */
  readonly method: string;
}

/** The file cannot be read; `reason` says why, in words for the uploader's error line and the logs. */
export class FileProcessingError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'FileProcessingError';
  }
}

export interface ProcessingOptions {
  /** Limits for .docx and .odt archives (default DEFAULT_ZIP_LIMITS). */
  readonly zipLimits?: Partial<ZipLimits>;
  /** Where the private working folder is made (default: the system's temporary folder). */
  readonly tempDir?: string;
}

type Facts = Omit<ProcessedFile, 'sizeKb'>;

const PAGE_ONE_TEXT_BYTES = 16 * 1024;

function asProcessingError(error: unknown, tools: FileProcessingTools): unknown {
  if (error instanceof FileProcessingError) return error;
  if (error instanceof ProgramTimeoutError)
    return new FileProcessingError(
      `Processing took longer than the time limit of ${Math.round(tools.timeLimitMs / 1000)} s.`,
    );
  if (error instanceof ZipLimitError)
    return new FileProcessingError(`The archive unpacks to too much: ${error.message}`);
  if (
    error instanceof ZipFormatError ||
    error instanceof PdfReadError ||
    error instanceof CompoundFileError ||
    error instanceof WordBinaryError ||
    error instanceof MobiFormatError
  )
    return new FileProcessingError(error.message);
  return error;
}

/**
 * Pages, size and page one of the file at `path` (issue 6 item 3). PDF: poppler, else pdf.js. DOCX, ODT,
 * DOC, RTF: LibreOffice's PDF (a zip is first inflated against the limits, since LibreOffice trusts declared
 * sizes), else the document's own metadata and text. TXT: the lines-per-page rule. MOBI: the header rule.
 * Throws FileProcessingError with a human-readable reason for any file it cannot read; never hangs: every
 * external program runs with `tools.timeLimitMs`, LibreOffice without network. Works from the file on
 * disk, in a private temporary folder removed afterwards. Errors of the file system itself (the path is
 * gone) are passed on as they are, since they say nothing about the file.
 */
export async function processFile(
  path: string,
  format: FileFormat,
  tools: FileProcessingTools,
  options: ProcessingOptions = {},
): Promise<ProcessedFile> {
  const { size } = await stat(path);
  if (size === 0) throw new FileProcessingError('The file is empty.');
  const workDir = await mkdtemp(join(options.tempDir ?? tmpdir(), 'lepinguturg-file-'));
  try {
    const facts = await processIn(
      path,
      format,
      tools,
      { ...DEFAULT_ZIP_LIMITS, ...options.zipLimits },
      workDir,
    );
    return { ...facts, sizeKb: Math.ceil(size / 1024) };
  } catch (error) {
    throw asProcessingError(error, tools);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function processIn(
  path: string,
  format: FileFormat,
  tools: FileProcessingTools,
  limits: ZipLimits,
  workDir: string,
): Promise<Facts> {
  switch (format) {
    case 'pdf': {
      await assertPdfComplete(path);
      const pdf = await readPdf(path, tools, workDir);
      return { pages: pdf.pages, pageOne: pdf.pageOne, method: pdf.engine === 'poppler' ? 'pdf' : 'pdf.js' };
    }
    case 'docx':
    case 'odt':
    case 'doc':
    case 'rtf':
      return processOfficeDocument(path, format, tools, limits, workDir);
    case 'txt':
      return processPlainText(path);
    case 'mobi':
      return processMobi(path);
  }
}

async function processOfficeDocument(
  path: string,
  format: 'docx' | 'odt' | 'doc' | 'rtf',
  tools: FileProcessingTools,
  limits: ZipLimits,
  workDir: string,
): Promise<Facts> {
  const soffice = tools.soffice;
  if (soffice !== null) {
    if (format === 'docx' || format === 'odt') {
      const archive = await ZipArchive.open(path, limits);
      try {
        await archive.verifyByInflating();
      } finally {
        archive.close();
      }
    }
    const converted = await convertToPdf(path, format, workDir, { ...tools, soffice });
    if (!converted.ok) throw new FileProcessingError(converted.reason);
    const pdf = await readPdf(converted.pdfPath, tools, workDir);
    return { pages: pdf.pages, pageOne: pdf.pageOne, method: 'libreoffice' };
  }
  const metadata = await readOfficeMetadata(path, format, limits);
  return {
    pages: metadata.pages ?? metadata.estimatedPages,
    pageOne: await renderTextPage(metadata.pageOne),
    method: metadata.pages !== null ? 'document-metadata' : 'text-estimate',
  };
}

async function readOfficeMetadata(
  path: string,
  format: 'docx' | 'odt' | 'doc' | 'rtf',
  limits: ZipLimits,
): Promise<DocumentMetadata> {
  if (format === 'doc') return readDocMetadata(path);
  if (format === 'rtf') return readRtfMetadata(path);
  const archive = await ZipArchive.open(path, limits);
  try {
    return format === 'docx' ? await readDocxMetadata(archive) : await readOdtMetadata(archive);
  } finally {
    archive.close();
  }
}

async function processPlainText(path: string): Promise<Facts> {
  const encoding = await detectTextEncoding(path);
  if (encoding === null)
    throw new FileProcessingError('The file is not text in UTF-8, Windows-1257 or Windows-1252.');
  const counter = new TextPageCounter();
  const utf8 = new TextDecoder('utf-8');
  let start = '';
  const stream = createReadStream(path, { highWaterMark: 64 * 1024 });
  try {
    for await (const chunk of stream) {
      const text =
        encoding === 'utf-8'
          ? utf8.decode(chunk as Buffer, { stream: true })
          : decodeSingleByte(chunk as Buffer, encoding);
      counter.push(text);
      if (start.length < PAGE_ONE_TEXT_BYTES) start += text.slice(0, PAGE_ONE_TEXT_BYTES);
    }
  } finally {
    stream.destroy();
  }
  const firstPage = (start.replace(/^\ufeff/, '').split('\f')[0] ?? '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/\t/g, '        '));
  return { pages: counter.pages(), pageOne: await renderPlainTextPage(firstPage), method: 'text-layout' };
}

const HTML_BLOCKS = new Set(['p', 'div', 'br', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote']);

/** Page one of an e-book's HTML: block elements as paragraphs, up to the first `<mbp:pagebreak/>`. */
function htmlPageOne(html: string, title: string): PageOneText {
  const collector = new PageTextCollector();
  let hidden = 0;
  const scanner = new XmlStreamScanner(
    (tag) => {
      const name = tag.name.toLowerCase();
      if (name === 'head' || name === 'style' || name === 'script')
        hidden += tag.closing ? -1 : tag.selfClosing ? 0 : 1;
      else if (name === 'mbp:pagebreak') collector.pageBreak();
      else if (HTML_BLOCKS.has(name) && (tag.closing || tag.selfClosing || name === 'br'))
        collector.endParagraph();
    },
    (text) => {
      if (hidden <= 0) collector.text(text);
    },
  );
  scanner.push(html);
  const page = collector.pageOneText();
  return page.paragraphs.length > 0 ? page : { title, paragraphs: [] };
}

async function processMobi(path: string): Promise<Facts> {
  const handle = await open(path, 'r');
  try {
    const book = await readMobiBook(handle, (await handle.stat()).size);
    if (book.encrypted) throw new FileProcessingError('The e-book is DRM-protected.');
    const html = await readMobiTextStart(handle, book, PAGE_ONE_TEXT_BYTES);
    const pageOne =
      html === null ? { title: book.fullName, paragraphs: [] } : htmlPageOne(html, book.fullName);
    return { pages: mobiPages(book), pageOne: await renderTextPage(pageOne), method: 'mobi-header' };
  } finally {
    await handle.close();
  }
}
