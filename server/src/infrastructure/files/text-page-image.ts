import { escapeXml } from './generate/document-pages';
import type { PageOneText, TextPageContent } from './page-text';
import { TXT_LINE_WIDTH, TXT_LINES_PER_PAGE, wrapText } from './text-pages';

/** An A4-proportioned page (1:√2) at about 120 dpi. */
export const TEXT_PAGE_WIDTH = 1000;
export const TEXT_PAGE_HEIGHT = 1414;
const MARGIN = 100;

interface Line {
  readonly text: string;
  readonly size: number;
  readonly bold: boolean;
  readonly gapBefore: number;
}

function svgPage(lines: readonly Line[], fontFamily: string): string {
  let y = MARGIN;
  const texts: string[] = [];
  for (const line of lines) {
    y += line.gapBefore + line.size * 1.35;
    if (y > TEXT_PAGE_HEIGHT - MARGIN) break;
    if (line.text.length === 0) continue;
    texts.push(
      `<text x="${MARGIN}" y="${Math.round(y)}" font-size="${line.size}"${line.bold ? ' font-weight="bold"' : ''} xml:space="preserve">${escapeXml(line.text)}</text>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${TEXT_PAGE_WIDTH}" height="${TEXT_PAGE_HEIGHT}">\
<rect width="100%" height="100%" fill="#ffffff"/><g fill="#1a1a1a" font-family="${fontFamily}">${texts.join('')}</g></svg>`;
}

async function render(svg: string): Promise<Buffer> {
  // Loaded with the first page drawn, not with the server (see preview.ts).
  const sharp = (await import('sharp')).default;
  return sharp(Buffer.from(svg, 'utf8')).flatten({ background: '#ffffff' }).png().toBuffer();
}

/**
 * Page one drawn from its text (the stated fallback when LibreOffice is not installed, and for e-books):
 * a white A4-proportioned page, the first paragraph as a heading when it is short, the rest wrapped in a
 * serif face. Not the document's own layout, but its own words in its own order.
 */
export function renderTextPage(page: PageOneText): Promise<Buffer> {
  const lines: Line[] = [];
  const paragraphs = [...page.paragraphs];
  const heading =
    page.title ?? (paragraphs[0] !== undefined && paragraphs[0].length <= 120 ? paragraphs.shift()! : null);
  if (heading !== null)
    for (const text of wrapText(heading, 52)) lines.push({ text, size: 28, bold: true, gapBefore: 0 });
  for (const paragraph of paragraphs) {
    wrapText(paragraph, 82).forEach((text, index) =>
      lines.push({ text, size: 18, bold: false, gapBefore: index === 0 && lines.length > 0 ? 10 : 0 }),
    );
  }
  return render(svgPage(lines, "'DejaVu Serif', 'Liberation Serif', 'Times New Roman', serif"));
}

/** The first page of a plain-text file as printed by the page rule: 50 monospaced lines of 80 characters. */
export function renderPlainTextPage(lines: readonly string[]): Promise<Buffer> {
  const printed = lines
    .flatMap((line) =>
      line.length <= TXT_LINE_WIDTH
        ? [line]
        : (line.match(new RegExp(`.{1,${TXT_LINE_WIDTH}}`, 'gu')) ?? ['']),
    )
    .slice(0, TXT_LINES_PER_PAGE);
  return render(
    svgPage(
      printed.map((text) => ({ text, size: 16, bold: false, gapBefore: 2.4 })),
      "'DejaVu Sans Mono', 'Liberation Mono', 'Courier New', monospace",
    ),
  );
}

const PAGE_TEXT_BOTTOM = TEXT_PAGE_HEIGHT - MARGIN;

/** A document's pages drawn from its text, and each paragraph with the number of the image it starts on. */
export interface DrawnTextPages {
  readonly images: Buffer[];
  readonly paragraphs: { readonly text: string; readonly page: number; readonly headingLevel?: number }[];
}

/**
 * Every page of a document drawn from its text (when LibreOffice is not installed, and for e-books): each
 * page the document's page breaks make starts a new image, and a page whose text does not fit one image
 * goes on to the next. Headings the document marks are set bold; page one's first short paragraph is set
 * as the title, as {@link renderTextPage} does. At most `maxImages` images.
 */
export async function renderTextPages(
  pages: readonly TextPageContent[],
  maxImages: number,
): Promise<DrawnTextPages> {
  const drawn: Line[][] = [];
  const paragraphs: DrawnTextPages['paragraphs'] = [];
  let current: Line[] = [];
  let y = MARGIN;
  const newImage = () => {
    if (current.length > 0 || drawn.length === 0) drawn.push(current);
    current = [];
    y = MARGIN;
  };
  const place = (line: Line): boolean => {
    const height = line.gapBefore + line.size * 1.35;
    if (y + height > PAGE_TEXT_BOTTOM && current.length > 0) {
      newImage();
      if (drawn.length >= maxImages) return false;
    }
    y += height;
    current.push(line);
    return true;
  };
  outer: for (const [pageIndex, page] of pages.entries()) {
    if (pageIndex > 0) {
      newImage();
      if (drawn.length >= maxImages) break;
    }
    for (const [index, paragraph] of page.paragraphs.entries()) {
      const title = pageIndex === 0 && index === 0 && paragraph.text.length <= 120;
      const heading = title || paragraph.headingLevel !== undefined;
      const size = title ? 28 : heading ? 20 : 18;
      paragraphs.push({
        text: paragraph.text,
        page: drawn.length + 1,
        ...(paragraph.headingLevel !== undefined && { headingLevel: paragraph.headingLevel }),
      });
      const wrapped = wrapText(paragraph.text, title ? 52 : heading ? 74 : 82);
      for (const [at, text] of wrapped.entries()) {
        const gapBefore = at === 0 && current.length > 0 ? (heading ? 18 : 10) : 0;
        if (!place({ text, size, bold: heading, gapBefore })) break outer;
      }
    }
  }
  if (current.length > 0 && drawn.length < maxImages) drawn.push(current);
  if (drawn.length === 0) drawn.push([]);
  const font = "'DejaVu Serif', 'Liberation Serif', 'Times New Roman', serif";
  const images: Buffer[] = [];
  for (const lines of drawn) images.push(await render(svgPage(lines, font)));
  return { images, paragraphs: paragraphs.filter((paragraph) => paragraph.page <= images.length) };
}

/** A line that starts a numbered clause or section ("3.", "3.2.", "IV.", "§ 5") starts a new paragraph. */
const CLAUSE_START = /^\s*(?:\d{1,3}(?:\.\d{1,3}){0,2}\.?|[IVXLC]{1,7}\.|§\s*\d)\s/u;

/**
 * A plain-text file's pages as printed by the page rule (50 monospaced lines of 80 characters, a form feed
 * starts a new page), and its paragraphs with the page each starts on: a paragraph ends at an empty line
 * or where a line starts a numbered clause, so a sentence wrapped by hand is read whole. At most
 * `maxImages` pages.
 */
export async function renderPlainTextPages(
  text: string,
  maxImages: number,
): Promise<{ images: Buffer[]; lines: { text: string; page: number }[] }> {
  const pages: string[][] = [[]];
  const lines: { text: string; page: number }[] = [];
  let paragraph: { text: string; page: number } | null = null;
  const endParagraph = () => {
    if (paragraph) lines.push(paragraph);
    paragraph = null;
  };
  for (const sheet of text.replace(/^\ufeff/, '').split('\f')) {
    if (pages[pages.length - 1]!.length > 0) pages.push([]);
    endParagraph();
    for (const raw of sheet.split(/\r\n|\r|\n/)) {
      const line = raw.replace(/\t/g, '        ');
      if (line.trim().length === 0 || CLAUSE_START.test(line)) endParagraph();
      const printed =
        line.length <= TXT_LINE_WIDTH
          ? [line]
          : (line.match(new RegExp(`.{1,${TXT_LINE_WIDTH}}`, 'gu')) ?? ['']);
      for (const [at, part] of printed.entries()) {
        if (pages[pages.length - 1]!.length >= TXT_LINES_PER_PAGE) pages.push([]);
        if (pages.length > maxImages) break;
        pages[pages.length - 1]!.push(part);
        if (at === 0 && line.trim().length > 0) {
          if (paragraph) paragraph.text += ` ${line.trim()}`;
          else paragraph = { text: line.trim(), page: pages.length };
        }
      }
    }
  }
  endParagraph();
  const kept = pages.slice(0, maxImages);
  const images: Buffer[] = [];
  for (const page of kept) images.push(await renderPlainTextPage(page));
  return { images, lines: lines.filter((line) => line.page <= kept.length) };
}
