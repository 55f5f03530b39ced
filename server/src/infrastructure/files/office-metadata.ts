import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { CompoundFile } from './compound-file';
import {
  ALL_PAGES_MAX_CHARACTERS,
  PageTextCollector,
  XmlStreamScanner,
  type PageOneText,
  type TextPageContent,
  type XmlTag,
} from './page-text';
import { decodeSingleByte } from './text-encoding';
import { readWordSummary, readWordText } from './word-binary';
import type { ZipArchive } from './zip-archive';

/**
 * What a document says about itself, for when LibreOffice is not installed: the page count its
 * application stored (docProps/app.xml `<Pages>`, meta.xml `meta:page-count`, the OLE SummaryInformation
 * PIDSI_PAGECOUNT, RTF `\nofpages`), else the estimate of page-text.ts, and page one's text.
 */
export interface DocumentMetadata {
  /** The page count the document stores, or null. */
  readonly pages: number | null;
  readonly estimatedPages: number;
  readonly pageOne: PageOneText;
  /** The text page by page (as far as it is kept), headings marked where the document marks them. */
  readonly allPages: TextPageContent[];
}

/** The level of Word's built-in heading styles ("Heading2", "Pealkiri2", "berschrift2", …), or null. */
function wordHeadingLevel(styleId: string | null): number | null {
  if (styleId === null) return null;
  const match =
    /^(?:heading|pealkiri|berschrift|titre|otsikko|rubrik|virsraksts|antraste|nagwek)\s*([1-9])$/i.exec(
      styleId.replace(/[^\p{L}\d]/gu, ''),
    );
  return match ? Number(match[1]) : null;
}

const METADATA_PART_BYTES = 1024 * 1024;

function positiveInteger(text: string | undefined): number | null {
  if (text === undefined) return null;
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : null;
}

async function streamXml(
  archive: ZipArchive,
  name: string,
  scanner: XmlStreamScanner,
  keepGoing: () => boolean,
): Promise<void> {
  const decoder = new TextDecoder('utf-8');
  await archive.forEachChunk(name, (chunk) => {
    scanner.push(decoder.decode(chunk, { stream: true }));
    return keepGoing();
  });
}

/** DOCX: `<Pages>` of docProps/app.xml; text from word/document.xml (`w:t` runs, page breaks). */
export async function readDocxMetadata(archive: ZipArchive): Promise<DocumentMetadata> {
  const app =
    (await archive.read('docProps/app.xml', METADATA_PART_BYTES, { truncate: true }))?.toString('utf8') ?? '';
  const pages = positiveInteger(/<(?:\w+:)?Pages>\s*(\d+)\s*</.exec(app)?.[1]);
  const collector = new PageTextCollector();
  let inText = false;
  let inParagraph = false;
  const scanner = new XmlStreamScanner(
    (tag: XmlTag) => {
      switch (tag.name) {
        case 'w:p':
          if (tag.closing) {
            collector.endParagraph();
            inParagraph = false;
          } else if (tag.selfClosing) collector.endParagraph();
          else inParagraph = true;
          break;
        case 'w:pStyle': {
          const level = wordHeadingLevel(tag.attribute('w:val'));
          if (inParagraph && level !== null) collector.markHeading(level);
          break;
        }
        case 'w:outlineLvl': {
          const level = Number(tag.attribute('w:val'));
          if (inParagraph && Number.isInteger(level) && level >= 0 && level < 9)
            collector.markHeading(level + 1);
          break;
        }
        case 'w:t':
          inText = !tag.closing && !tag.selfClosing;
          break;
        case 'w:tab':
          if (inParagraph) collector.text(' ');
          break;
        case 'w:br':
          if (tag.attribute('w:type') === 'page') collector.pageBreak();
          else if (inParagraph) collector.text(' ');
          break;
        case 'w:pageBreakBefore':
          if (tag.attribute('w:val') !== 'false' && tag.attribute('w:val') !== '0') collector.pageBreak();
          break;
        case 'w:lastRenderedPageBreak':
          collector.pageBreak();
          break;
      }
    },
    (text) => {
      if (inText) collector.text(text);
    },
  );
  await streamXml(archive, 'word/document.xml', scanner, () => !collector.full);
  return {
    pages,
    estimatedPages: collector.estimatedPages(),
    pageOne: collector.pageOneText(),
    allPages: collector.allPagesText(),
  };
}

/** ODT: `meta:page-count` of meta.xml; text from content.xml (paragraphs, headings, page-break styles). */
export async function readOdtMetadata(archive: ZipArchive): Promise<DocumentMetadata> {
  const meta =
    (await archive.read('meta.xml', METADATA_PART_BYTES, { truncate: true }))?.toString('utf8') ?? '';
  const pages = positiveInteger(/meta:page-count\s*=\s*"(\d+)"/.exec(meta)?.[1]);
  const collector = new PageTextCollector();
  const breakStyles = new Set<string>();
  let styleName: string | null = null;
  let paragraphDepth = 0;
  let inBody = false;
  const scanner = new XmlStreamScanner(
    (tag: XmlTag) => {
      switch (tag.name) {
        case 'style:style':
          styleName = tag.closing ? null : tag.attribute('style:name');
          break;
        case 'style:paragraph-properties':
          if (styleName !== null && tag.attribute('fo:break-before') === 'page') breakStyles.add(styleName);
          break;
        case 'office:body':
          inBody = !tag.closing;
          break;
        case 'text:p':
        case 'text:h':
          if (tag.closing) {
            paragraphDepth = Math.max(0, paragraphDepth - 1);
            if (paragraphDepth === 0) collector.endParagraph();
            break;
          }
          if (breakStyles.has(tag.attribute('text:style-name') ?? '')) collector.pageBreak();
          if (tag.name === 'text:h' && paragraphDepth === 0)
            collector.markHeading(Number(tag.attribute('text:outline-level') ?? '1') || 1);
          if (tag.selfClosing) collector.endParagraph();
          else paragraphDepth++;
          break;
        case 'text:s':
        case 'text:tab':
        case 'text:line-break':
          if (paragraphDepth > 0) collector.text(' ');
          break;
        case 'text:soft-page-break':
          collector.pageBreak();
          break;
      }
    },
    (text) => {
      if (inBody && paragraphDepth > 0) collector.text(text);
    },
  );
  await streamXml(archive, 'content.xml', scanner, () => !collector.full);
  return {
    pages,
    estimatedPages: collector.estimatedPages(),
    pageOne: collector.pageOneText(),
    allPages: collector.allPagesText(),
  };
}

/** DOC: PIDSI_PAGECOUNT of the SummaryInformation stream; text through the piece table. */
export async function readDocMetadata(path: string): Promise<DocumentMetadata> {
  const handle = await open(path, 'r');
  try {
    const file = await CompoundFile.open(handle, (await handle.stat()).size);
    const summary = await readWordSummary(file);
    const { text, totalCharacters } = await readWordText(file, ALL_PAGES_MAX_CHARACTERS);
    const collector = new PageTextCollector();
    for (const char of text) {
      if (char === '\r' || char === '\u0007') collector.endParagraph();
      else if (char === '\f') collector.pageBreak();
      else if (char === '\u000b' || char === '\t') collector.text(' ');
      else if (char >= ' ') collector.text(char);
    }
    const estimate = Math.max(collector.estimatedPages(), Math.ceil(totalCharacters / 3000));
    return {
      pages: summary.pageCount,
      estimatedPages: estimate,
      pageOne: collector.pageOneText(),
      allPages: collector.allPagesText(),
    };
  } finally {
    await handle.close();
  }
}

/** RTF destinations whose text is not document text. */
const SKIPPED_DESTINATIONS = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'info',
  'pict',
  'object',
  'header',
  'footer',
  'headerl',
  'headerr',
  'headerf',
  'footerl',
  'footerr',
  'footerf',
  'listtable',
  'listoverridetable',
  'revtbl',
  'rsidtbl',
  'generator',
  'xmlnstbl',
  'themedata',
  'colorschememapping',
  'datastore',
  'latentstyles',
  'footnote',
  'field',
  'fldinst',
  'bkmkstart',
  'bkmkend',
  'filetbl',
  'pgdsctbl',
  'mmathPr',
]);

/**
 * A streaming reader of RTF text: control words, groups, destinations to skip, `\'hh` in the document's
 * ANSI code page, `\uN` with its `\ucN` fallback, `\par`/`\line`/`\page`, and `\nofpages` in `{\info}`.
 */
class RtfTextReader {
  pages: number | null = null;
  private readonly stack: { skip: boolean; uc: number }[] = [{ skip: false, uc: 1 }];
  private pending = '';
  private skipFallback = 0;
  private groupStart = false;
  private codePage: 'windows-1252' | 'windows-1257' = 'windows-1252';

  constructor(private readonly collector: PageTextCollector) {}

  private get group(): { skip: boolean; uc: number } {
    return this.stack[this.stack.length - 1]!;
  }

  push(chunk: string, final: boolean): void {
    const data = this.pending + chunk;
    let at = 0;
    const safeEnd = final ? data.length : data.length - 64;
    while (at < safeEnd) {
      const char = data[at]!;
      if (char === '{') {
        this.stack.push({ ...this.group });
        this.groupStart = true;
        at++;
        continue;
      }
      if (char === '}') {
        if (this.stack.length > 1) this.stack.pop();
        this.groupStart = false;
        at++;
        continue;
      }
      if (char === '\\') {
        at = this.controlAt(data, at);
        continue;
      }
      this.groupStart = false;
      if (char !== '\r' && char !== '\n') this.emit(char);
      at++;
    }
    this.pending = data.slice(at);
  }

  private emit(text: string): void {
    if (this.skipFallback > 0) {
      this.skipFallback--;
      return;
    }
    if (!this.group.skip) this.collector.text(text);
  }

  private controlAt(data: string, at: number): number {
    const next = data[at + 1] ?? '';
    const startOfGroup = this.groupStart;
    this.groupStart = false;
    if (next === "'") {
      const byte = parseInt(data.slice(at + 2, at + 4), 16);
      if (!Number.isNaN(byte)) this.emit(decodeSingleByte(Uint8Array.of(byte), this.codePage));
      return at + 4;
    }
    if (next === '*') {
      if (startOfGroup) this.group.skip = true;
      return at + 2;
    }
    const word = /^([a-zA-Z]{1,32})(-?\d{1,10})? ?/.exec(data.slice(at + 1, at + 48));
    if (word === null) {
      if (next === '\\' || next === '{' || next === '}') this.emit(next);
      else if (next === '~') this.emit(' ');
      else if (next === '\n' || next === '\r') this.paragraph();
      return at + 2;
    }
    const name = word[1]!;
    const value = word[2] === undefined ? null : Number(word[2]);
    if (startOfGroup && SKIPPED_DESTINATIONS.has(name)) this.group.skip = true;
    switch (name) {
      case 'nofpages':
        if (value !== null && value > 0) this.pages = value;
        break;
      case 'ansicpg':
        if (value === 1257) this.codePage = 'windows-1257';
        break;
      case 'uc':
        this.group.uc = value ?? 1;
        break;
      case 'u':
        if (value !== null) {
          this.emit(String.fromCharCode(value < 0 ? value + 0x10000 : value));
          this.skipFallback = this.group.uc;
        }
        break;
      case 'par':
      case 'sect':
      case 'row':
        this.paragraph();
        break;
      case 'line':
      case 'tab':
      case 'cell':
        this.emit(' ');
        break;
      case 'page':
        if (!this.group.skip) this.collector.pageBreak();
        break;
      case 'outlinelevel':
        if (!this.group.skip && value !== null && value >= 0 && value < 9)
          this.collector.markHeading(value + 1);
        break;
    }
    return at + 1 + word[0].length;
  }

  private paragraph(): void {
    if (!this.group.skip) this.collector.endParagraph();
  }
}

/** RTF: `\nofpages` from `{\info}`; text of the body. Streams the file; stops once the text kept is full. */
export async function readRtfMetadata(path: string): Promise<DocumentMetadata> {
  const collector = new PageTextCollector();
  const reader = new RtfTextReader(collector);
  const stream = createReadStream(path, { encoding: 'latin1', highWaterMark: 64 * 1024 });
  try {
    for await (const chunk of stream) {
      reader.push(chunk as string, false);
      if (reader.pages !== null && collector.full) break;
    }
    reader.push('', true);
  } finally {
    stream.destroy();
  }
  return {
    pages: reader.pages,
    estimatedPages: collector.estimatedPages(),
    pageOne: collector.pageOneText(),
    allPages: collector.allPagesText(),
  };
}
