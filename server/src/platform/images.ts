import sharp from 'sharp';
import { badRequest } from './errors.ts';
import { decodeDataUrl } from './files.ts';

/** An image as the forms upload it: its file name and a `data:` URL. */
export interface ImageUpload {
  fileName: string;
  data: string;
}

/** Which images a form takes: by the file name's ending and by the bytes' real type. */
export interface ImageRule {
  extensions: readonly string[];
  mimeTypes: readonly string[];
  /** The German refusal for anything else. */
  message: string;
}

/** 50 megapixels: every camera photo, but no decompression bomb that eats gigabytes. */
const MAX_PIXELS = 50_000_000;

/**
 * The bytes of an uploaded image that follows the rule; the type is told by magic bytes, not
 * by what the client claims.
 */
export async function readImage(image: ImageUpload, rule: ImageRule): Promise<Buffer> {
  const ext = image.fileName.split('.').pop()?.toLowerCase() ?? '';
  const { bytes, mime } = await decodeDataUrl(image.data);
  if (!rule.extensions.includes(ext) || !mime || !rule.mimeTypes.includes(mime)) throw badRequest(rule.message);
  return bytes;
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
