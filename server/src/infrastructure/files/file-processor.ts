import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileFormat } from '../../domain/catalogue/catalogue-codes';
import type { ContentsEntry } from '../../events/document.events';
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
import {
  ALL_PAGES_MAX_CHARACTERS,
  PageTextCollector,
  type TextPageContent,
  XmlStreamScanner,
} from './page-text';
import { MAX_RENDERED_PAGES } from './page-images';
import { PdfReadError, assertPdfComplete, readPdf } from './pdf-reader';
import type { FileProcessingTools } from './processing-tools';
import { ProgramTimeoutError } from './run-program';
import { detectTextEncoding } from './text-detection';
import { decodeSingleByte } from './text-encoding';
import { contentsFromLines, contentsFromOutline } from './table-of-contents';
import { renderPlainTextPages, renderTextPages } from './text-page-image';
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
   * Pages 1…{@link MAX_RENDERED_PAGES} (or `maxPages`) as PNG, NOT blurred, page one first; drawn from the
   * text where the document's own layout cannot be rendered (the fallbacks of `method`).
   */
  readonly pageImages: readonly Buffer[];
  /** The headings of the document (docs/decisions/the-preview-viewer.md), in order. */
  readonly contents: readonly ContentsEntry[];
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
  /** Pages rendered as images (default MAX_RENDERED_PAGES). */
  readonly maxPages?: number;
}

type Facts = Omit<ProcessedFile, 'sizeKb' | 'pageOne'>;

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
 * Pages, size, the pages as images and the headings of the file at `path` (issue 6 item 3, issue 27). PDF: poppler, else pdf.js. DOCX, ODT,
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
      Math.max(1, options.maxPages ?? MAX_RENDERED_PAGES),
    );
    return { ...facts, pageOne: facts.pageImages[0]!, sizeKb: Math.ceil(size / 1024) };
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
  maxPages: number,
): Promise<Facts> {
  switch (format) {
    case 'pdf': {
      await assertPdfComplete(path);
      return pdfFacts(await readPdf(path, tools, workDir, maxPages), 'pdf');
    }
    case 'docx':
    case 'odt':
    case 'doc':
    case 'rtf':
      return processOfficeDocument(path, format, tools, limits, workDir, maxPages);
    case 'txt':
      return processPlainText(path, maxPages);
    case 'mobi':
      return processMobi(path, maxPages);
  }
}

/** A PDF's facts; its headings from its outline when it has one, else from its text. */
function pdfFacts(pdf: Awaited<ReturnType<typeof readPdf>>, kind: 'pdf' | 'libreoffice'): Facts {
  const outline = contentsFromOutline(pdf.outline);
  return {
    pages: pdf.pages,
    pageImages: pdf.pageImages,
    contents: outline.length > 0 ? outline : contentsFromLines(pdf.lines),
    method: kind === 'libreoffice' ? 'libreoffice' : pdf.engine === 'poppler' ? 'pdf' : 'pdf.js',
  };
}

async function processOfficeDocument(
  path: string,
  format: 'docx' | 'odt' | 'doc' | 'rtf',
  tools: FileProcessingTools,
  limits: ZipLimits,
  workDir: string,
  maxPages: number,
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
    return pdfFacts(await readPdf(converted.pdfPath, tools, workDir, maxPages), 'libreoffice');
  }
  const metadata = await readOfficeMetadata(path, format, limits);
  const drawn = await renderTextPages(metadata.allPages, maxPages);
  return {
    pages: metadata.pages ?? metadata.estimatedPages,
    pageImages: drawn.images,
    contents: contentsFromLines(drawn.paragraphs),
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

async function processPlainText(path: string, maxPages: number): Promise<Facts> {
  const encoding = await detectTextEncoding(path);
  if (encoding === null)
    throw new FileProcessingError('The file is not text in UTF-8, Windows-1257 or Windows-1252.');
  const counter = new TextPageCounter();
  const utf8 = new TextDecoder('utf-8');
  // Enough text for the pages drawn (each at most 50 lines of 80 characters), however short its lines.
  const keep = maxPages * 50 * 82;
  let start = '';
  const stream = createReadStream(path, { highWaterMark: 64 * 1024 });
  try {
    for await (const chunk of stream) {
      const text =
        encoding === 'utf-8'
          ? utf8.decode(chunk as Buffer, { stream: true })
          : decodeSingleByte(chunk as Buffer, encoding);
      counter.push(text);
      if (start.length < keep) start += text.slice(0, keep - start.length);
    }
  } finally {
    stream.destroy();
  }
  const drawn = await renderPlainTextPages(start, maxPages);
  return {
    pages: counter.pages(),
    pageImages: drawn.images,
    contents: contentsFromLines(drawn.lines),
    method: 'text-layout',
  };
}

const HTML_BLOCKS = new Set(['p', 'div', 'br', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote']);

/** An e-book's HTML as pages: block elements as paragraphs, h1–h3 as headings, `<mbp:pagebreak/>` between pages. */
function htmlPages(html: string, title: string): TextPageContent[] {
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
      else if (/^h[1-3]$/.test(name) && !tag.closing) collector.markHeading(Number(name[1]));
    },
    (text) => {
      if (hidden <= 0) collector.text(text);
    },
  );
  scanner.push(html);
  const pages = collector.allPagesText();
  return pages.some((page) => page.paragraphs.length > 0) ? pages : [{ paragraphs: [{ text: title }] }];
}

async function processMobi(path: string, maxPages: number): Promise<Facts> {
  const handle = await open(path, 'r');
  try {
    const book = await readMobiBook(handle, (await handle.stat()).size);
    if (book.encrypted) throw new FileProcessingError('The e-book is DRM-protected.');
    const html = await readMobiTextStart(handle, book, ALL_PAGES_MAX_CHARACTERS * 2);
    const drawn = await renderTextPages(htmlPages(html ?? '', book.fullName), maxPages);
    return {
      pages: mobiPages(book),
      pageImages: drawn.images,
      contents: contentsFromLines(drawn.paragraphs),
      method: 'mobi-header',
    };
  } finally {
    await handle.close();
  }
}
