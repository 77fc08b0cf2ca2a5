import type sharpType from 'sharp';
import { badRequest } from './errors.ts';

/** sharp (native libvips) loads with the first image, not at start. */
let sharpModule: Promise<typeof sharpType> | null = null;
const loadSharp = () => (sharpModule ??= import('sharp').then((m) => m.default));

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
