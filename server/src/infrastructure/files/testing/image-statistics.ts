import sharp, { type Sharp } from 'sharp';

/** An image as 8-bit grey pixels, for comparing previews with pages. */
export interface GreyImage {
  readonly width: number;
  readonly height: number;
  readonly pixels: Buffer;
}

export async function greyPixels(image: Buffer | Sharp): Promise<GreyImage> {
  const pipeline = Buffer.isBuffer(image) ? sharp(image) : image;
  const { data, info } = await pipeline
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, pixels: data.subarray(0, info.width * info.height) };
}

export async function rgbPixels(
  image: Buffer | Sharp,
): Promise<{ width: number; height: number; pixels: Buffer }> {
  const pipeline = Buffer.isBuffer(image) ? sharp(image) : image;
  const { data, info } = await pipeline
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, pixels: data };
}

/** Rows [from, to) of an image. */
export function rows(image: GreyImage, from: number, to: number): GreyImage {
  return {
    width: image.width,
    height: to - from,
    pixels: image.pixels.subarray(from * image.width, to * image.width),
  };
}

export function meanAbsoluteDifference(a: GreyImage, b: GreyImage): number {
  if (a.pixels.length !== b.pixels.length) throw new Error('Images differ in size');
  let sum = 0;
  for (let i = 0; i < a.pixels.length; i++) sum += Math.abs(a.pixels[i]! - b.pixels[i]!);
  return sum / a.pixels.length;
}

export function variance(image: GreyImage): number {
  const n = image.pixels.length;
  let sum = 0;
  for (const value of image.pixels) sum += value;
  const mean = sum / n;
  let squares = 0;
  for (const value of image.pixels) squares += (value - mean) ** 2;
  return squares / n;
}

/** Mean absolute difference between horizontal neighbours: high for sharp text, near zero when blurred. */
export function edgeEnergy(image: GreyImage): number {
  let sum = 0;
  for (let y = 0; y < image.height; y++)
    for (let x = 1; x < image.width; x++)
      sum += Math.abs(image.pixels[y * image.width + x]! - image.pixels[y * image.width + x - 1]!);
  return sum / (image.height * (image.width - 1));
}
