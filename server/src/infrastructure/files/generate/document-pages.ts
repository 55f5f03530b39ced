import { templateClauses } from './template-clauses';

/** The text a generator writes: a title and its paragraphs, in the document's language. */
export interface GeneratedDocumentText {
  readonly title: string;
  /** 'et' or 'en' for the clause texts; any other language code is written as given. */
  readonly language: 'et' | 'en' | (string & Record<never, never>);
  readonly paragraphs: readonly string[];
}

export interface GenerateOptions {
  /** Exactly this many pages: the text is cut, or continued with template clauses, to fill them. */
  readonly pages?: number;
}

/** The text of one page; the first page also carries the title. */
export interface GeneratedPage {
  readonly paragraphs: readonly string[];
}

/**
 * Characters of body text on one page. Small enough that a page never overflows an A4 page with 2.54 cm
 * margins at 11 pt in any format (about 40 % of what fits), so every generator gets an exact page count
 * from explicit page breaks alone, whatever font the reader substitutes.
 */
export const CHARACTERS_PER_PAGE = 1600;
const PARAGRAPHS_PER_PAGE = 10;
/** The title takes the room of this many characters on page one. */
const TITLE_ALLOWANCE = 300;

function* splitLong(paragraph: string): Generator<string> {
  let rest = paragraph.trim();
  while (rest.length > CHARACTERS_PER_PAGE - TITLE_ALLOWANCE) {
    const cut = rest.lastIndexOf(' ', CHARACTERS_PER_PAGE - TITLE_ALLOWANCE);
    const at = cut > 0 ? cut : CHARACTERS_PER_PAGE - TITLE_ALLOWANCE;
    yield rest.slice(0, at);
    rest = rest.slice(at).trimStart();
  }
  yield rest;
}

function* paragraphSource(doc: GeneratedDocumentText, continueForever: boolean): Generator<string> {
  for (const paragraph of doc.paragraphs) yield* splitLong(paragraph);
  if (!continueForever) return;
  // templateClauses(n) is a prefix of templateClauses(2n): continue where the previous batch ended.
  let produced = 0;
  for (let batch = 64; ; batch *= 2) {
    for (const clause of templateClauses(doc.title, doc.language, batch).slice(produced))
      yield* splitLong(clause);
    produced = batch;
  }
}

/**
 * The document's paragraphs grouped into pages (see {@link CHARACTERS_PER_PAGE}). With `pages`, exactly
 * that many pages, each holding text; without, as many as the paragraphs need (at least one).
 */
export function layoutPages(doc: GeneratedDocumentText, options: GenerateOptions = {}): GeneratedPage[] {
  const wanted = options.pages;
  if (wanted !== undefined && (!Number.isInteger(wanted) || wanted < 1))
    throw new RangeError(`pages must be a positive whole number (got ${wanted})`);
  const pages: string[][] = [[]];
  let used = TITLE_ALLOWANCE;
  for (const paragraph of paragraphSource(doc, wanted !== undefined)) {
    let page = pages[pages.length - 1]!;
    if (
      page.length > 0 &&
      (used + paragraph.length > CHARACTERS_PER_PAGE || page.length >= PARAGRAPHS_PER_PAGE)
    ) {
      if (wanted !== undefined && pages.length === wanted) break;
      page = [];
      pages.push(page);
      used = 0;
    }
    page.push(paragraph);
    used += paragraph.length;
  }
  return pages.map((paragraphs) => ({ paragraphs }));
}

/** Removes characters XML 1.0 cannot carry and escapes the markup characters. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- tab, LF and CR are the control characters XML allows
      .replace(/[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}

/** A fixed time stamp for archive entries, so the same input always gives the same bytes. */
export const GENERATED_AT = new Date(Date.UTC(2026, 0, 1, 12, 0, 0));
