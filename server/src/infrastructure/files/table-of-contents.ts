import type { ContentsEntry } from '../../events/document.events';

/**
 * A document's table of contents, read when its file is processed (docs/decisions/the-preview-viewer.md):
 * the headings the file marks as such (a PDF's outline, Word's and OpenDocument's heading paragraphs,
 * an e-book's h1–h3), else the lines that look like headings of a legal template: numbered sections
 * ("3. Tasu ja maksetingimused", "II. Parties", "§ 4. …") and short lines in capitals, in a PDF also lines
 * set larger than the body text or in bold. Shown in clear text to buyers, so only headings are taken,
 * never body text: a heading is short and does not end like a sentence.
 */
export const MAX_CONTENTS_ENTRIES = 200;
export const MAX_HEADING_LENGTH = 120;
const MAX_HEADING_WORDS = 14;

/** A line or paragraph of a document's text, where it is, and how it is set when that is known. */
export interface TextLine {
  readonly text: string;
  /** 1-based page, null when unknown. */
  readonly page: number | null;
  /** Font size in points (PDF). */
  readonly size?: number;
  readonly bold?: boolean;
  /** The file itself marks the line as a heading of this level (1 = top). */
  readonly headingLevel?: number;
}

const NUMBERED = /^(\d{1,3})(?:\.(\d{1,3}))?(?:\.(\d{1,3}))?\.?\s+(\S.*)$/u;
const ROMAN = /^([IVXLC]{1,7})\.\s+(\S.*)$/u;
const PARAGRAPH_SIGN = /^§\s*\d{1,3}[a-z]?\.?\s+(\S.*)$/u;
const SENTENCE_END = /[.,;:!?…]["”»)]?$/u;

function clean(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

function short(text: string): boolean {
  return (
    text.length >= 2 &&
    text.length <= MAX_HEADING_LENGTH &&
    text.split(' ').length <= MAX_HEADING_WORDS &&
    !SENTENCE_END.test(text)
  );
}

function startsWithCapital(text: string): boolean {
  return /^[\p{Lu}\p{Lt}]/u.test(text);
}

function inCapitals(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters.length >= 4 && letters === letters.toLocaleUpperCase() && letters !== letters.toLowerCase();
}

/**
 * The level of a line that reads as a heading by its words alone (1–3), or null: a numbered section whose
 * title starts with a capital ("4." level 1, "4.2" level 2), a Roman-numbered or "§" section, or a short
 * line in capitals.
 */
export function headingLevelOfText(raw: string): 1 | 2 | 3 | null {
  const text = clean(raw);
  if (!short(text)) return null;
  const numbered = NUMBERED.exec(text);
  if (numbered) {
    const title = numbered[4]!;
    if (!startsWithCapital(title) || /^\d/u.test(title)) return null;
    return numbered[3] !== undefined ? 3 : numbered[2] !== undefined ? 2 : 1;
  }
  const roman = ROMAN.exec(text);
  if (roman) return startsWithCapital(roman[2]!) ? 1 : null;
  if (PARAGRAPH_SIGN.test(text)) return 1;
  return inCapitals(text) ? 1 : null;
}

function entry(text: string, level: number, page: number | null): ContentsEntry {
  const clamped = Math.min(3, Math.max(1, Math.round(level))) as 1 | 2 | 3;
  return { level: clamped, text: clean(text).slice(0, MAX_HEADING_LENGTH), page };
}

/** Entries of a PDF's outline (bookmarks), or [] when it has none. */
export function contentsFromOutline(
  outline: readonly { readonly title: string; readonly level: number; readonly page: number | null }[],
): ContentsEntry[] {
  return outline
    .filter((item) => clean(item.title).length > 0)
    .slice(0, MAX_CONTENTS_ENTRIES)
    .map((item) => entry(item.title, item.level, item.page));
}

/** The body's font size: the size most characters are set in. */
function bodySize(lines: readonly TextLine[]): number | null {
  const characters = new Map<number, number>();
  for (const line of lines)
    if (line.size !== undefined && line.size > 0)
      characters.set(line.size, (characters.get(line.size) ?? 0) + line.text.length);
  let best: number | null = null;
  let most = 0;
  for (const [size, count] of characters)
    if (count > most) {
      best = size;
      most = count;
    }
  return best;
}

/**
 * The headings among a document's lines: the ones the file marks when it marks several, else the ones that
 * read as headings ({@link headingLevelOfText}) or, in a PDF, are set at least 15 % larger than the body
 * or wholly in bold. A document's title (the one line set largest, at the top of page one) is left out:
 * the page already shows it.
 */
export function contentsFromLines(lines: readonly TextLine[]): ContentsEntry[] {
  // A single marked heading is usually the title alone (an e-book's h1): then the words decide.
  const marked = lines.filter((line) => line.headingLevel !== undefined && clean(line.text).length > 0);
  if (marked.length > 1)
    return marked
      .slice(0, MAX_CONTENTS_ENTRIES)
      .map((line) => entry(line.text, line.headingLevel!, line.page));

  const body = bodySize(lines);
  const larger = body === null ? [] : lines.filter((line) => (line.size ?? 0) >= body * 1.15);
  const sizes = [...new Set(larger.map((line) => line.size!))].sort((a, b) => b - a);
  const largest = sizes[0];
  const title =
    largest !== undefined && larger.filter((line) => line.size === largest).length === 1
      ? lines.find((line) => line.size === largest && line.page === 1)
      : undefined;

  // Where most lines are bold, bold says nothing.
  const boldSays = lines.filter((line) => line.bold === true).length < lines.length * 0.3;
  const entries: ContentsEntry[] = [];
  for (const line of lines) {
    if (entries.length >= MAX_CONTENTS_ENTRIES) break;
    if (line === title) continue;
    const text = clean(line.text);
    const byText = headingLevelOfText(text);
    if (byText !== null) {
      entries.push(entry(text, byText, line.page));
      continue;
    }
    if (!short(text) || !startsWithCapital(text)) continue;
    const sizeRank = line.size !== undefined ? sizes.indexOf(line.size) : -1;
    if (sizeRank >= 0) entries.push(entry(text, sizeRank + 1, line.page));
    else if (boldSays && line.bold === true && body !== null && text.split(' ').length <= 8)
      entries.push(entry(text, Math.min(3, sizes.length + 1), line.page));
  }
  return entries;
}
