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

export class PageTextCollector {
  private readonly pageOne: string[] = [];
  private paragraph = '';
  private pageOneCharacters = 0;
  private pageBreaks = 0;
  private characters = 0;
  private pageHasText = false;
  private pageOneClosed = false;

  /** True once page one is complete; a caller that needs no estimate may stop reading. */
  get pageOneDone(): boolean {
    return this.pageOneClosed;
  }

  text(text: string): void {
    if (text.length === 0) return;
    this.characters += text.length;
    if (/\S/.test(text)) this.pageHasText = true;
    if (!this.pageOneClosed) this.paragraph += text;
  }

  endParagraph(): void {
    if (this.pageOneClosed) return;
    const paragraph = this.paragraph.replace(/\s+/g, ' ').trim();
    this.paragraph = '';
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
