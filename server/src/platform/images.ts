import type sharpType from 'sharp';
import { badRequest } from './errors.ts';

/**
 * sharp (native libvips) loads with the first image, not at start. Its cache of recent
 * operations is off: every image here is processed once (an upload, a thumbnail), and the cache
 * held up to 50 MB of native memory that the process never gave back.
 */
let sharpModule: Promise<typeof sharpType> | null = null;
export const loadSharp = () =>
  (sharpModule ??= import('sharp').then((m) => {
    m.default.cache(false);
    return m.default;
  }));

/** 50 megapixels: every camera photo, but no decompression bomb that eats gigabytes. */
const MAX_PIXELS = 50_000_000;

/** A size×size JPEG filled from the image's middle, turned upright by its EXIF orientation. */
export async function squareJpeg(bytes: Buffer, size: number, refusal: string): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate().resize(size, size, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer();
  } catch {
    // Bytes that start like an image but do not decode.
    throw badRequest(refusal);
  }
}

/**
 * A JPEG thumbnail `width` pixels wide (never enlarged) and the image's dominant colour as #rrggbb,
 * for a calm background behind pictures that do not fill their frame.
 */
export async function imageFacts(bytes: Buffer, width: number, refusal: string): Promise<{ thumbnail: Buffer; dominantColor: string }> {
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate();
    const [thumbnail, stats] = await Promise.all([
      image.clone().resize({ width, withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer(),
      image.clone().stats(),
    ]);
    const { r, g, b } = stats.dominant;
    const hex = (v: number) => v.toString(16).padStart(2, '0');
    return { thumbnail, dominantColor: `#${hex(r)}${hex(g)}${hex(b)}` };
  } catch {
    throw badRequest(refusal);
  }
}

/**
 * A JPEG at most `maxSide` pixels on its longer side (never enlarged), upright, with its size:
 * what a PDF embeds of a photo. Null for bytes that do not decode.
 */
export async function fittedJpeg(bytes: Buffer, maxSide: number): Promise<{ jpeg: Buffer; width: number; height: number } | null> {
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}
