import sharp from 'sharp';
import { badRequest } from './errors.ts';

/** 50 megapixels: every camera photo, but no decompression bomb that eats gigabytes. */
const MAX_PIXELS = 50_000_000;

/** A size×size JPEG filled from the image's middle, turned upright by its EXIF orientation. */
export async function squareJpeg(bytes: Buffer, size: number, refusal: string): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate().resize(size, size, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer();
  } catch {
    // Bytes that start like an image but do not decode.
    throw badRequest(refusal);
  }
}
