import sharp from 'sharp';
import { badRequest } from './errors.ts';
import { decodeDataUrl } from './files.ts';

/** An image as the forms upload it: its file name and a `data:` URL. */
export interface ImageUpload {
  fileName: string;
  data: string;
}

/** 50 megapixels: every camera photo, but no decompression bomb that eats gigabytes. */
const MAX_PIXELS = 50_000_000;

/** The bytes of an uploaded image and their real type, told by magic bytes, not by the client. */
export async function readImage(image: ImageUpload): Promise<{ bytes: Buffer; mime: string | null }> {
  const { bytes, mime } = await decodeDataUrl(image.data);
  return { bytes, mime };
}

/** A size×size JPEG filled from the image's middle, turned upright by its EXIF orientation. */
export async function squareJpeg(bytes: Buffer, size: number, refusal: string): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate().resize(size, size, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer();
  } catch {
    // Bytes that start like an image but do not decode.
    throw badRequest(refusal);
  }
}
