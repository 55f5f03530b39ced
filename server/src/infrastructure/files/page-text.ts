/**
 * The text of a document's first page, collected while its text streams past, and the counts behind
 * the stated page estimate (docs/decisions/): pages = max(explicit page breaks + 1, ceil(characters /
 * 3 000)), about what an A4 page at 11–12 pt holds. Used when LibreOffice is not installed and a document
 * carries no page count of its own, and for the text-rendered page one.
 */
export const ESTIMATED_CHARACTERS_PER_PAGE = 3000;
/** More than fits one rendered page; collecting stops there even without a page break. */
const PAGE_ONE_MAX_CHARACTERS = 6000;

export interface PageOneText {
  readonly title: string | null;
  readonly paragraphs: readonly string[];
}

/**
 * The text kept of a whole document for drawing its pages (when LibreOffice is not installed): pages as
 * its explicit page breaks divide it, at most this many characters in all.
 */
export const ALL_PAGES_MAX_CHARACTERS = 200_000;

export interface TextParagraph {
  readonly text: string;
  /** The document marks the paragraph as a heading of this level (1 = top). */
  readonly headingLevel?: number;
}

/** One page of a document's text, as its explicit page breaks divide it. */
export interface TextPageContent {
  readonly paragraphs: readonly TextParagraph[];
}

export class PageTextCollector {
  private readonly pageOne: string[] = [];
  private paragraph = '';
  private pageOneCharacters = 0;
  private pageBreaks = 0;
  private characters = 0;
  private pageHasText = false;
  private pageOneClosed = false;
  private readonly pages: TextParagraph[][] = [[]];
  private kept = 0;
  private headingLevel: number | undefined;

  /** True once page one is complete; a caller that needs no estimate may stop reading. */
  get pageOneDone(): boolean {
    return this.pageOneClosed;
  }

  /** True once as much text is kept as the pages are drawn from: a caller may stop reading. */
  get full(): boolean {
    return this.kept >= ALL_PAGES_MAX_CHARACTERS;
  }

  /** The paragraph being read is a heading of this level (Word's heading styles, OpenDocument's h). */
  markHeading(level: number): void {
    this.headingLevel = level;
  }

  text(text: string): void {
    if (text.length === 0) return;
    this.characters += text.length;
    if (/\S/.test(text)) this.pageHasText = true;
    if (!this.full) this.paragraph += text;
  }

  endParagraph(): void {
    const paragraph = this.paragraph.replace(/\s+/g, ' ').trim();
    this.paragraph = '';
    const headingLevel = this.headingLevel;
    this.headingLevel = undefined;
    if (!this.full) {
      this.pages[this.pages.length - 1]!.push(
        headingLevel === undefined ? { text: paragraph } : { text: paragraph, headingLevel },
      );
      this.kept += paragraph.length;
    }
    if (this.pageOneClosed) return;
    this.pageOne.push(paragraph);
    this.pageOneCharacters += paragraph.length;
    if (this.pageOneCharacters >= PAGE_ONE_MAX_CHARACTERS) this.pageOneClosed = true;
  }

  /** An explicit page break; ignored before any text (a break at the top starts no new page). */
  pageBreak(): void {
    if (!this.pageHasText) return;
    if (this.paragraph.trim().length > 0) this.endParagraph();
    this.pageBreaks++;
    this.pageHasText = false;
    this.pageOneClosed = true;
    if (!this.full) this.pages.push([]);
  }

  /** The text kept, page by page (empty paragraphs left out, a paragraph still open included). */
  allPagesText(): TextPageContent[] {
    const pages = this.pages.map((paragraphs) => [...paragraphs]);
    const open = this.paragraph.replace(/\s+/g, ' ').trim();
    if (open.length > 0 && !this.full) pages[pages.length - 1]!.push({ text: open });
    return pages
      .map((paragraphs) => ({ paragraphs: paragraphs.filter((paragraph) => paragraph.text.length > 0) }))
      .filter((page, index) => index === 0 || page.paragraphs.length > 0);
  }

  pageOneText(title: string | null = null): PageOneText {
    const paragraphs = [...this.pageOne];
    if (!this.pageOneClosed && this.paragraph.trim().length > 0)
      paragraphs.push(this.paragraph.replace(/\s+/g, ' ').trim());
    while (paragraphs.length > 0 && paragraphs[paragraphs.length - 1] === '') paragraphs.pop();
    return { title, paragraphs };
  }

  estimatedPages(): number {
    return Math.max(this.pageBreaks + 1, Math.ceil(this.characters / ESTIMATED_CHARACTERS_PER_PAGE), 1);
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16) || 0xfffd);
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10) || 0xfffd);
    return ENTITIES[name] ?? whole;
  });
}

export interface XmlTag {
  readonly name: string;
  readonly closing: boolean;
  readonly selfClosing: boolean;
  attribute(name: string): string | null;
}

/**
 * A streaming tokenizer for the well-formed XML of document parts: feeds tags and (entity-decoded) text
 * to the handlers, carrying a tag cut by a chunk boundary over to the next chunk. Enough for reading the
 * text of word/document.xml and content.xml; not a validating parser.
 */
export class XmlStreamScanner {
  private pending = '';

  constructor(
    private readonly onTag: (tag: XmlTag) => void,
    private readonly onText: (text: string) => void,
  ) {}

  push(chunk: string): void {
    const data = this.pending + chunk;
    let at = 0;
    for (;;) {
      const open = data.indexOf('<', at);
      if (open < 0) {
        // An entity cut by the chunk boundary waits for the rest of it.
        const amp = data.lastIndexOf('&');
        const cut = amp >= at && !data.includes(';', amp) ? amp : data.length;
        this.emitText(data.slice(at, cut));
        at = cut;
        break;
      }
      if (open > at) this.emitText(data.slice(at, open));
      const close = data.indexOf('>', open);
      if (close < 0) {
        at = open;
        break;
      }
      this.emitTag(data.slice(open + 1, close));
      at = close + 1;
    }
    this.pending = data.slice(at);
  }

  private emitText(text: string): void {
    if (text.length > 0) this.onText(decodeXmlEntities(text));
  }

  private emitTag(body: string): void {
    if (body.startsWith('?') || body.startsWith('!')) return;
    const closing = body.startsWith('/');
    const selfClosing = body.endsWith('/');
    const name = /^\/?([\w:.-]+)/.exec(body)?.[1] ?? '';
    this.onTag({
      name,
      closing,
      selfClosing,
      attribute: (attribute) => {
        const match = new RegExp(
          `\\s${attribute.replace(/[.:-]/g, '\\$&')}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`,
        ).exec(body);
        return match === null ? null : decodeXmlEntities(match[1] ?? match[2] ?? '');
      },
    });
  }
}
