import { MSG } from '@filialportal/core/messages';
import { NEWS_FILE_MAX_BYTES, newsFileExtension } from '@filialportal/core/news';
import type { Db } from '../../platform/db.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { decodeDataUrl, isHevcStream, saveFile } from '../../platform/files.ts';
import { heicToJpeg } from '../../platform/heic.ts';
import { imageFacts } from '../../platform/images.ts';
import type { Storage } from '../../platform/storage.ts';

export type NewsFileKind = 'image' | 'pdf' | 'video';

/** What a stored attachment left behind: the file, its kind, and for images a thumbnail and colour. */
export interface StoredAttachment {
  fileId: string;
  fileKind: NewsFileKind;
  thumbnailFileId: string | null;
  dominantColor: string | null;
}

/** What the bytes really are (file-type's extension) → the kind the extension promised. */
const KIND_OF_MAGIC: Record<string, NewsFileKind> = { png: 'image', jpg: 'image', heic: 'image', heif: 'image', pdf: 'pdf', mp4: 'video', mov: 'video', m4v: 'video' };
const KIND_OF_EXTENSION: Record<string, NewsFileKind> = { png: 'image', jpg: 'image', jpeg: 'image', heic: 'image', heif: 'image', pdf: 'pdf', mp4: 'video', mov: 'video', hevc: 'video' };

/**
 * Checks an attachment by its bytes against its name, turns HEIC/HEIF into JPEG (quality 0.9),
 * computes a thumbnail (420 px wide, i.e. 210 px at double density) and the dominant colour of
 * images, and stores it. Refuses with the spec's type message or a 413 for oversized files.
 */
export async function storeAttachment(db: Db, storage: Storage, input: { data: string; fileName: string; userId: string }): Promise<StoredAttachment> {
  const ext = newsFileExtension(input.fileName);
  if (!ext) throw badRequest(MSG.newsFileType);
  const decoded = await decodeDataUrl(input.data);
  if (decoded.bytes.length === 0) throw badRequest(MSG.newsFileUnreadable);
  if (decoded.bytes.length > NEWS_FILE_MAX_BYTES) throw new AppError(413, 'body_too_large', MSG.newsFileTooLarge);
  const claimed = KIND_OF_EXTENSION[ext]!;
  const actual = decoded.ext ? KIND_OF_MAGIC[decoded.ext] : ext === 'hevc' && isHevcStream(decoded.bytes) ? 'video' : undefined;
  if (actual !== claimed) throw badRequest(MSG.newsFileType);

  let bytes = decoded.bytes;
  let name = input.fileName;
  let mimeType = decoded.mime ?? 'video/hevc';
  if (decoded.ext === 'heic' || decoded.ext === 'heif') {
    const jpeg = await heicToJpeg(bytes);
    if (!jpeg) throw badRequest(MSG.newsFileUnreadable);
    bytes = jpeg;
    name = name.replace(/\.(heic|heif)$/i, '') + '.jpg';
    mimeType = 'image/jpeg';
  }

  let thumbnail: Buffer | null = null;
  let dominantColor: string | null = null;
  if (claimed === 'image') {
    const facts = await imageFacts(bytes, 420, MSG.newsFileUnreadable);
    thumbnail = facts.thumbnail;
    dominantColor = facts.dominantColor;
  }
  const file = await saveFile(db, storage, { name, mimeType, bytes, createdBy: input.userId });
  const thumb = thumbnail ? await saveFile(db, storage, { name: `vorschau-${name.replace(/\.\w+$/, '')}.jpg`, mimeType: 'image/jpeg', bytes: thumbnail, createdBy: input.userId }) : null;
  return { fileId: file.id, fileKind: claimed, thumbnailFileId: thumb?.id ?? null, dominantColor };
}
