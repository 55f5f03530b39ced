import sharp, { type Sharp } from 'sharp';
import { detectFileProcessingTools, processFile } from './file-processor';
import { PREVIEW_CLEAR_BAND, PREVIEW_WIDTH, renderPreview } from './preview';
import {
  edgeEnergy,
  greyPixels,
  meanAbsoluteDifference,
  rgbPixels,
  rows,
  variance,
} from './testing/image-statistics';
import { ESTONIAN_TEMPLATE, GENERATORS, scratchFolder } from './testing/sample-files';

jest.setTimeout(60_000);

let pageOne: Buffer;
/** Page one as the preview starts from it: on white, resized to the preview's width. */
let resizedPage: Sharp;

beforeAll(async () => {
  const folder = await scratchFolder();
  try {
    const path = await folder.write('contract.pdf', await GENERATORS.pdf(ESTONIAN_TEMPLATE, { pages: 2 }));
    pageOne = (await processFile(path, 'pdf', detectFileProcessingTools())).pageOne;
  } finally {
    await folder.remove();
  }
});
beforeEach(() => {
  resizedPage = sharp(pageOne).flatten({ background: '#ffffff' }).resize({ width: PREVIEW_WIDTH });
});

describe('the preview a visitor sees of a paid document', () => {
  it('keeps the clear band pixel for pixel, about the top 30 % of the page, cut between two lines', async () => {
    const preview = await renderPreview(pageOne, { blurBelow: true });
    expect(preview).toMatchObject({ contentType: 'image/webp', width: PREVIEW_WIDTH });
    const shown = await rgbPixels(preview.bytes);
    const page = await rgbPixels(resizedPage.clone());
    expect([shown.width, shown.height]).toEqual([page.width, page.height]);
    expect(preview.height).toBe(page.height);
    const bandBytes = preview.clearBandHeight * page.width * 3;
    expect(shown.pixels.subarray(0, bandBytes).equals(page.pixels.subarray(0, bandBytes))).toBe(true);
    expect(preview.clearBandHeight / preview.height).toBeGreaterThan(PREVIEW_CLEAR_BAND - 0.05);
    expect(preview.clearBandHeight / preview.height).toBeLessThanOrEqual(PREVIEW_CLEAR_BAND + 0.001);
    const edgeRow = page.pixels.subarray(bandBytes, bandBytes + page.width * 3);
    expect(Math.min(...edgeRow)).toBeGreaterThanOrEqual(235);
  });

  it('blurs the body below the band beyond reading: it differs from the page and loses its edges', async () => {
    const preview = await renderPreview(pageOne, { blurBelow: true });
    const shown = await greyPixels(preview.bytes);
    const page = await greyPixels(resizedPage.clone());
    // The body of the page, where the text is (the bottom margin is blank either way).
    const from = preview.clearBandHeight;
    const to = Math.round(page.height * 0.6);
    const pageBody = rows(page, from, to);
    const shownBody = rows(shown, from, to);
    // Measured on this page: edge energy 4.3 → 0.06, variance 695 → 115, mean difference 6.4 grey levels.
    expect(edgeEnergy(pageBody)).toBeGreaterThan(2); // the page really has text there
    expect(meanAbsoluteDifference(shownBody, pageBody)).toBeGreaterThan(3);
    expect(edgeEnergy(shownBody)).toBeLessThan(edgeEnergy(pageBody) / 20);
    expect(variance(shownBody)).toBeLessThan(variance(pageBody) / 3);
    // Still a page with something on it, not a blank: the grey of the text remains.
    expect(variance(shownBody)).toBeGreaterThan(0);
  });

  it('shows a free document whole and clear', async () => {
    const preview = await renderPreview(pageOne, { blurBelow: false });
    const shown = await rgbPixels(preview.bytes);
    const page = await rgbPixels(resizedPage.clone());
    expect(preview.clearBandHeight).toBe(preview.height);
    expect(shown.pixels.equals(page.pixels)).toBe(true);
  });
});
