import type { FileFormat } from '../../domain/catalogue/catalogue-codes';
import { detectFileProcessingTools, processFile, type FileProcessingTools } from './file-processor';
import { PAGE_THUMBNAIL_WIDTH, renderPage } from './page-images';
import { PREVIEW_CLEAR_BAND, PREVIEW_WIDTH } from './preview';
import { edgeEnergy, greyPixels, rows } from './testing/image-statistics';
import { ESTONIAN_TEMPLATE, GENERATORS, scratchFolder } from './testing/sample-files';

jest.setTimeout(180_000);

const tools = detectFileProcessingTools();
const textOnly: FileProcessingTools = { ...tools, soffice: null };
const pdfjsOnly: FileProcessingTools = { ...tools, soffice: null, pdfinfo: null, pdftoppm: null };
const needs = (program: 'soffice' | 'pdftoppm') =>
  tools[program] === null ? ` (skipped: ${program} is not installed)` : '';

/** The section headings templateClauses writes into ESTONIAN_TEMPLATE (its first three pages). */
const SECTIONS = [
  '1. Üldsätted',
  '2. Lepingu ese',
  '3. Poolte õigused ja kohustused',
  '4. Tasu ja maksetingimused',
  '5. Konfidentsiaalsus',
  '6. Vastutus',
];

let folder: Awaited<ReturnType<typeof scratchFolder>>;
beforeAll(async () => {
  folder = await scratchFolder();
});
afterAll(() => folder.remove());

const sample = async (format: FileFormat, pages: number): Promise<string> =>
  folder.write(`sample-${pages}.${format}`, await GENERATORS[format](ESTONIAN_TEMPLATE, { pages }));

const headings = (contents: readonly { text: string }[]) => contents.map((entry) => entry.text);

describe('every page of a file, and its headings, for the viewer', () => {
  it.each([
    ['with poppler where installed', tools],
    ['with pdf.js alone (a machine with Node.js only)', pdfjsOnly],
  ])('a PDF: each page rendered, headings from its outline with their pages (%s)', async (_, using) => {
    const processed = await processFile(await sample('pdf', 3), 'pdf', using);
    expect(processed.pages).toBe(3);
    expect(processed.pageImages).toHaveLength(3);
    const pages = await Promise.all(processed.pageImages.map((png) => greyPixels(png)));
    // Three different pages, each with text on it.
    for (const page of pages) expect(edgeEnergy(page)).toBeGreaterThan(1);
    expect(pages[1]!.pixels.equals(pages[2]!.pixels)).toBe(false);
    expect(headings(processed.contents).slice(0, SECTIONS.length)).toEqual(SECTIONS);
    expect(processed.contents.every((entry) => entry.level === 1)).toBe(true);
    expect(processed.contents.map((entry) => entry.page)).toEqual(
      [...processed.contents.map((entry) => entry.page)].sort(),
    );
    expect(processed.contents.find((entry) => entry.text === '6. Vastutus')?.page).toBe(3);
  });

  it('renders at most the pages asked for, and still counts them all', async () => {
    const processed = await processFile(await sample('pdf', 5), 'pdf', tools, { maxPages: 2 });
    expect(processed.pages).toBe(5);
    expect(processed.pageImages).toHaveLength(2);
  });

  it.each(['docx', 'odt'] as const)(
    'a .%s without LibreOffice: its pages drawn from its text, headings as the document marks them',
    async (format) => {
      const processed = await processFile(await sample(format, 3), format, textOnly);
      expect(processed.method).toBe('document-metadata');
      expect(processed.pageImages).toHaveLength(3);
      expect(headings(processed.contents).slice(0, SECTIONS.length)).toEqual(SECTIONS);
    },
  );

  it('a plain-text file: its printed pages, headings read from its numbered sections', async () => {
    const processed = await processFile(await sample('txt', 3), 'txt', textOnly);
    expect(processed.pageImages).toHaveLength(processed.pages);
    expect(headings(processed.contents)).toEqual(expect.arrayContaining(SECTIONS));
    // A numbered clause (a sentence) is never taken for a heading.
    expect(headings(processed.contents).some((text) => /^\d+\.\d+/.test(text))).toBe(false);
  });

  (tools.soffice === null ? it.skip : it)(
    `a .docx through LibreOffice: the converted pages, headings from the bookmarks of its heading styles${needs('soffice')}`,
    async () => {
      const processed = await processFile(await sample('docx', 3), 'docx', tools);
      expect(processed).toMatchObject({ pages: 3, method: 'libreoffice' });
      expect(processed.pageImages).toHaveLength(3);
      expect(headings(processed.contents).slice(0, SECTIONS.length)).toEqual(SECTIONS);
    },
  );
});

describe('what a buyer of a paid document can read of its pages', () => {
  let pngs: readonly Buffer[];
  beforeAll(async () => {
    pngs = (await processFile(await sample('pdf', 3), 'pdf', tools)).pageImages;
  });

  it("keeps page one's top band clear and blurs the rest of it, as the preview does", async () => {
    const page = await renderPage(pngs[0]!, 1);
    expect(page.blurred.width).toBe(PREVIEW_WIDTH);
    expect(page.clearBandHeight / page.blurred.height).toBeGreaterThan(PREVIEW_CLEAR_BAND - 0.05);
    const blurred = await greyPixels(page.blurred.bytes);
    const clear = await greyPixels(page.clear.bytes);
    const band = page.clearBandHeight;
    // The band reads like the page (lossy WebP: nearly, not exactly, the same edges); below it, nothing does.
    expect(edgeEnergy(rows(blurred, 0, band))).toBeGreaterThan(edgeEnergy(rows(clear, 0, band)) * 0.8);
    const body = (image: typeof clear) => rows(image, band, Math.round(image.height * 0.6));
    expect(edgeEnergy(body(clear))).toBeGreaterThan(2);
    expect(edgeEnergy(body(blurred))).toBeLessThan(edgeEnergy(body(clear)) / 20);
  });

  it('blurs every later page whole, and makes each thumbnail from its own blurred page', async () => {
    for (const number of [2, 3]) {
      const page = await renderPage(pngs[number - 1]!, number);
      expect(page.clearBandHeight).toBe(0);
      const blurred = await greyPixels(page.blurred.bytes);
      const clear = await greyPixels(page.clear.bytes);
      const text = (image: typeof clear) => rows(image, 0, Math.round(image.height * 0.6));
      expect(edgeEnergy(text(clear))).toBeGreaterThan(2);
      expect(edgeEnergy(text(blurred))).toBeLessThan(edgeEnergy(text(clear)) / 20);

      expect(page.blurredThumbnail.width).toBe(PAGE_THUMBNAIL_WIDTH);
      const thumbnail = await greyPixels(page.blurredThumbnail.bytes);
      const clearThumbnail = await greyPixels(page.clearThumbnail.bytes);
      expect(edgeEnergy(text(thumbnail))).toBeLessThan(edgeEnergy(text(clearThumbnail)) / 5);
    }
  });
});
