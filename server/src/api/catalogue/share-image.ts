import type { SharpOptions, Sharp } from 'sharp';
import { SHOP_ICON_SVG } from '../../infrastructure/shop-icon';

/**
 * The images a shared link shows (Open Graph's og:image, Twitter's summary_large_image): 1200×630, the
 * 1.91:1 that Facebook, LinkedIn and X show whole. A document's is page one of its preview as a buyer
 * sees it (the blurred image for a paid document: nothing clear that the preview does not show) on the
 * shop's colour, beside the shop's mark; the site's is the mark alone.
 */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The top bar's colour (client/src/styles/index.css). */
const SHOP_COLOUR = '#1d3557';
const MARGIN = 40;
const MARK_SIZE = 200;

/** sharp (libvips) loads with the first share image, not with the server (docs/decisions/a-lean-server-process.md). */
async function sharp(input: Buffer | SharpOptions): Promise<Sharp> {
  const load = (await import('sharp')).default;
  return Buffer.isBuffer(input) ? load(input) : load(input);
}

/** The shop's mark (its icon, on a white tile so it stands out from the background of its own colour). */
async function mark(size: number): Promise<Buffer> {
  const tile = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="-3 -3 38 38"><rect x="-3" y="-3" width="38" height="38" rx="9" fill="#ffffff"/>${SHOP_ICON_SVG.replace(/^<svg[^>]*>|<\/svg>$/g, '')}</svg>`;
  return (await sharp(Buffer.from(tile))).png().toBuffer();
}

function canvas(): Promise<Sharp> {
  return sharp({
    create: { ...SHARE_IMAGE_SIZE, channels: 3, background: SHOP_COLOUR },
  });
}

/** A document's share image (JPEG) from its preview image as a buyer sees it. */
export async function documentShareImage(preview: Buffer): Promise<Buffer> {
  const pageHeight = SHARE_IMAGE_SIZE.height - 2 * MARGIN;
  const pageRoom = SHARE_IMAGE_SIZE.width - 3 * MARGIN - MARK_SIZE;
  const page = await (
    await sharp(preview)
  )
    .flatten({ background: '#ffffff' })
    .resize({ width: pageRoom, height: pageHeight, fit: 'inside' })
    .png()
    .toBuffer({ resolveWithObject: true });
  const pageLeft = 2 * MARGIN + MARK_SIZE + Math.round((pageRoom - page.info.width) / 2);
  return (await canvas())
    .composite([
      {
        input: await mark(MARK_SIZE),
        left: MARGIN,
        top: Math.round((SHARE_IMAGE_SIZE.height - MARK_SIZE) / 2),
      },
      { input: page.data, left: pageLeft, top: Math.round((SHARE_IMAGE_SIZE.height - page.info.height) / 2) },
    ])
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

/** The site's share image (PNG): the shop's mark on its colour. */
export async function siteShareImage(): Promise<Buffer> {
  const size = 280;
  return (await canvas())
    .composite([{ input: await mark(size), gravity: 'centre' }])
    .png()
    .toBuffer();
}
