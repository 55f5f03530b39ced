import { escapeXml } from './generate/document-pages';
import type { PageOneText } from './page-text';
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
