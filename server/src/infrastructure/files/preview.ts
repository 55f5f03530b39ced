/**
 * sharp (libvips) loads with the first preview rather than with the server: most starts never render one,
 * and its native library is a large part of a fresh process's memory.
 */
async function loadSharp(): Promise<(typeof import('sharp'))['default']> {
  return (await import('sharp')).default;
}

/**
 * Fraction of page one's height, from the top, that a visitor sees clearly on a paid document: about the
 * title, the parties and the first clause of an A4 template (docs/decisions/). Below it the page is
 * pixelated and blurred on the server, so its text is unreadable and its clear pixels never leave it.
 */
export const PREVIEW_CLEAR_BAND = 0.3;
/** Every preview has this width in pixels (height follows the page's proportions). */
export const PREVIEW_WIDTH = 800;
/** Below the band, blocks of this many pixels are averaged (a line of 11 pt text is about 15 px tall). */
export const PREVIEW_PIXEL_BLOCK = 16;
export const PREVIEW_BLUR_SIGMA = 8;
/** The band's edge moves up by at most this fraction of the height to fall between two lines of text. */
const BAND_EDGE_SEARCH = 0.05;
const BLANK_ROW_MIN_VALUE = 235;

export interface PreviewOptions {
  /** False for free documents: the whole page may be seen clearly. */
  readonly blurBelow: boolean;
  /**
   * With `blurBelow`, the fraction of the height kept clear at the top: {@link PREVIEW_CLEAR_BAND} for page
   * one (the default), 0 for every later page, which is blurred whole.
   */
  readonly clearBand?: number;
  /** Lossless WebP (the default, so page one's band is exactly the page) or lossy at this quality. */
  readonly quality?: number;
}

export interface Preview {
  readonly bytes: Buffer;
  readonly contentType: string;
  readonly width: number;
  readonly height: number;
  /** Rows [0, clearBandHeight) are the page's own pixels; for a free document, the whole height. */
  readonly clearBandHeight: number;
}

/**
 * The preview a visitor sees: page one resized to {@link PREVIEW_WIDTH} on white, and for a paid document
 * everything below {@link PREVIEW_CLEAR_BAND} of its height pixelated and strongly blurred, as a separate
 * image, so no clear pixel of the body is mixed in or kept. Lossless WebP, so the clear band is exactly
 * the resized page.
 */
export async function renderPreview(pageOne: Buffer, options: PreviewOptions): Promise<Preview> {
  const sharp = await loadSharp();
  const { data: page, info } = await sharp(pageOne)
    .flatten({ background: '#ffffff' })
    .resize({ width: PREVIEW_WIDTH })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const band = options.clearBand ?? PREVIEW_CLEAR_BAND;
  const clearBandHeight = !options.blurBelow
    ? height
    : band <= 0
      ? 0
      : bandEdge(page, width, height, channels, band);
  let pixels = page;
  if (clearBandHeight < height) {
    const rowBytes = width * channels;
    const below = page.subarray(clearBandHeight * rowBytes);
    const belowHeight = height - clearBandHeight;
    const raw = { raw: { width, height: belowHeight, channels } } as const;
    const small = await sharp(below, raw)
      .resize({
        width: Math.max(1, Math.round(width / PREVIEW_PIXEL_BLOCK)),
        height: Math.max(1, Math.round(belowHeight / PREVIEW_PIXEL_BLOCK)),
        fit: 'fill',
        kernel: 'cubic',
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const blurred = await sharp(small.data, {
      raw: { width: small.info.width, height: small.info.height, channels },
    })
      .resize({ width, height: belowHeight, fit: 'fill', kernel: 'nearest' })
      .blur(PREVIEW_BLUR_SIGMA)
      .raw()
      .toBuffer();
    pixels = Buffer.concat([page.subarray(0, clearBandHeight * rowBytes), blurred]);
  }
  const bytes = await sharp(pixels, { raw: { width, height, channels } })
    .webp(
      options.quality === undefined ? { lossless: true, effort: 4 } : { quality: options.quality, effort: 2 },
    )
    .toBuffer();
  return { bytes, contentType: 'image/webp', width, height, clearBandHeight };
}

/**
 * The clear band's height: `band` of the page ({@link PREVIEW_CLEAR_BAND} for page one), moved up to the nearest blank row
 * (within {@link BAND_EDGE_SEARCH}) so the edge does not cut a line of text in half.
 */
function bandEdge(page: Buffer, width: number, height: number, channels: number, band: number): number {
  const nominal = Math.min(height, Math.max(1, Math.round(height * band)));
  const rowBytes = width * channels;
  const lowest = Math.max(1, nominal - Math.round(height * BAND_EDGE_SEARCH));
  for (let row = nominal; row >= lowest; row--) {
    const pixels = page.subarray(row * rowBytes, (row + 1) * rowBytes);
    if (pixels.every((value) => value >= BLANK_ROW_MIN_VALUE)) return row;
  }
  return nominal;
}
