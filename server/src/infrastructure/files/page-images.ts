import sharp from 'sharp';
import { PREVIEW_CLEAR_BAND, renderPreview } from './preview';

/** Thumbnails of the viewer's page strip are this many pixels wide (shown at about 100 CSS pixels). */
export const PAGE_THUMBNAIL_WIDTH = 200;
/**
 * Pages rendered per file: a template of more pages shows its first ones in the viewer and says how many
 * more there are (docs/decisions/the-preview-viewer.md).
 */
export const MAX_RENDERED_PAGES = 60;
/** Lossy WebP for the page images (the clear band of page one stays lossless in the older preview). */
const PAGE_QUALITY = 82;

export interface PageImage {
  readonly bytes: Buffer;
  readonly width: number;
  readonly height: number;
}

/** One page as the viewer shows it, blurred for buyers of a paid document and clear for a free one. */
export interface RenderedPage {
  readonly blurred: PageImage;
  readonly blurredThumbnail: PageImage;
  readonly clear: PageImage;
  readonly clearThumbnail: PageImage;
  /** Rows from the top of `blurred` that are the page's own pixels: page one's band, 0 on later pages. */
  readonly clearBandHeight: number;
}

async function thumbnail(image: Buffer): Promise<PageImage> {
  const { data, info } = await sharp(image)
    .resize({ width: PAGE_THUMBNAIL_WIDTH })
    .webp({ quality: PAGE_QUALITY, effort: 2 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

/**
 * Page `number` (1-based) of a file, from its rendered PNG: page one keeps its top band clear and is
 * blurred below it, as the preview always was; every later page is blurred whole, so nothing of a paid
 * document is readable beyond that band. Each thumbnail is made from its own large image (the blurred one
 * from the blurred page), so a thumbnail never carries clear pixels the large image does not.
 */
export async function renderPage(png: Buffer, number: number): Promise<RenderedPage> {
  const clearBand = number === 1 ? PREVIEW_CLEAR_BAND : 0;
  const [blurred, clear] = await Promise.all([
    renderPreview(png, { blurBelow: true, clearBand, quality: PAGE_QUALITY }),
    renderPreview(png, { blurBelow: false, quality: PAGE_QUALITY }),
  ]);
  const [blurredThumbnail, clearThumbnail] = await Promise.all([
    thumbnail(blurred.bytes),
    thumbnail(clear.bytes),
  ]);
  return {
    blurred: { bytes: blurred.bytes, width: blurred.width, height: blurred.height },
    clear: { bytes: clear.bytes, width: clear.width, height: clear.height },
    blurredThumbnail,
    clearThumbnail,
    clearBandHeight: blurred.clearBandHeight,
  };
}
