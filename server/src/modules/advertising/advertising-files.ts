import {
  ADVERTISING_FILE_MAX_BYTES,
  ADVERTISING_VIDEO_MAX_BYTES,
  advertisingExtension,
  isAdvertisingVideo,
  type AdvertisingExtension,
  type AdvertisingFileKind,
  ZCreateAdvertisingRequest,
  ZUpdateAdvertisingRequest,
} from '@filialportal/core/advertising';
import { MSG } from '@filialportal/core/messages';
import type { Db } from '../../platform/db.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { isHevcStream } from '../../platform/files.ts';
import { files } from '../../platform/files.table.ts';
import { heicToJpeg } from '../../platform/heic.ts';
import { imageFacts } from '../../platform/images.ts';
import type { Storage, StreamedFile } from '../../platform/storage.ts';
import { checkOrDiscard, type UploadBody, type UploadedFile, type UploadRules } from '../../platform/upload-body.ts';
import { parseOr400 } from '../../platform/validation.ts';

/** What the bytes must be by their magic number (file-type's extension) for each allowed name ending. */
const MAGIC_OF: Record<AdvertisingExtension, readonly string[]> = {
  pdf: ['pdf'],
  png: ['png'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  heic: ['heic', 'heif'],
  heif: ['heic', 'heif'],
  mp4: ['mp4', 'm4v', 'mov'],
  mov: ['mov', 'mp4', 'm4v'],
  hevc: [],
};

/** A checked upload in storage, not yet in the database: its keys are removed if the save fails. */
export interface StagedFile {
  storageKey: string;
  thumbnailKey: string | null;
  thumbnailSize: number;
  name: string;
  mimeType: string;
  size: number;
  kind: AdvertisingFileKind;
  /** Every key written for this upload (the original HEIC is among them until it is dropped). */
  keys: string[];
}

async function typeOf(stored: StreamedFile, ext: AdvertisingExtension): Promise<{ mime: string; kind: AdvertisingFileKind; heic: boolean } | null> {
  if (ext === 'hevc') return isHevcStream(stored.head) ? { mime: 'video/hevc', kind: 'video', heic: false } : null;
  const found = stored.head.length ? await (await import('file-type')).fileTypeFromBuffer(stored.head) : undefined;
  if (!found || !MAGIC_OF[ext].includes(found.ext)) return null;
  if (found.ext === 'heic' || found.ext === 'heif') return { mime: found.mime, kind: 'image', heic: true };
  if (found.ext === 'pdf') return { mime: found.mime, kind: 'pdf', heic: false };
  if (found.ext === 'png' || found.ext === 'jpg') return { mime: found.mime, kind: 'image', heic: false };
  return { mime: found.mime, kind: 'video', heic: false };
}

export async function removeKeys(storage: Storage, keys: readonly (string | null)[]) {
  await Promise.all(keys.filter((k): k is string => k !== null).map((k) => storage.remove(k).catch(() => undefined)));
}

/** The largest file by its name: videos 200 MB, everything else 25 MB (not known yet: the larger). */
function maxBytes(fileName: string | null): number {
  const ext = fileName ? advertisingExtension(fileName.trim()) : null;
  return ext && !isAdvertisingVideo(ext) ? ADVERTISING_FILE_MAX_BYTES : ADVERTISING_VIDEO_MAX_BYTES;
}

/** Uploads of advertising: one file, its limit by its kind, the spec's JSON part `advertising`. */
export const ADVERTISING_UPLOAD: UploadRules = { entity: 'advertising', maxFiles: 1, maxBytes, tooLarge: MSG.advertisingFileTooLarge };

/** The one file of an upload, or the spec's 'choose a file' message when there is none. */
export function fileOf(files: UploadedFile[]): UploadedFile {
  if (!files[0]) throw badRequest(MSG.advertisingFileRequired);
  return files[0];
}

/**
 * The fields and the file of POST /advertising in the spec's shape (`{ advertising, file }`): the
 * file is named by its own `fileName`, else by `advertising.name`. A refusal removes the staged file.
 */
export function createRequest(storage: Storage, upload: UploadBody) {
  return checkOrDiscard(storage, upload, () => {
    const file = fileOf(upload.files);
    const { advertising } = parseOr400(ZCreateAdvertisingRequest, upload.fields);
    if (!file.fileName) file.fileName = advertising.name;
    return { input: advertising, file };
  });
}

/** The fields and, if one came along, the new file of PUT /advertising. A refusal removes the staged file. */
export function updateRequest(storage: Storage, upload: UploadBody) {
  return checkOrDiscard(storage, upload, () => ({ input: parseOr400(ZUpdateAdvertisingRequest, upload.fields).advertising, file: upload.files[0] }));
}

/** A file name the entry accepts (checked before the raw upload's bytes are read), else the spec's message. */
export function requireAdvertisingName(fileName: string) {
  if (!advertisingExtension(fileName.trim())) throw badRequest(MSG.advertisingFileType);
}

/**
 * Checks an upload staged in storage against its name, turns HEIC/HEIF into JPEG (quality 0.9)
 * and makes a thumbnail of pictures. Refusals leave nothing behind, the staged bytes included.
 */
export async function checkAdvertisingFile(storage: Storage, file: UploadedFile): Promise<StagedFile> {
  const stored = file.stored;
  const keys: string[] = [stored.key];
  try {
    const name = file.fileName.trim();
    const ext = advertisingExtension(name);
    if (!ext) throw badRequest(MSG.advertisingFileType);
    if (stored.size === 0) throw badRequest(MSG.advertisingFileRequired);
    if (stored.size > maxBytes(name)) throw new AppError(413, 'body_too_large', MSG.advertisingFileTooLarge);
    const type = await typeOf(stored, ext);
    if (!type) throw badRequest(MSG.advertisingFileType);
    let storageKey = stored.key;
    let size = stored.size;
    let mimeType = type.mime;
    let fileName = name;
    let thumbnail: Buffer | null = null;
    if (type.kind === 'image') {
      let bytes = await storage.get(stored.key);
      if (type.heic) {
        const jpeg = await heicToJpeg(bytes);
        if (!jpeg) throw badRequest(MSG.advertisingFileUnreadable);
        bytes = jpeg;
        storageKey = await storage.put(jpeg);
        keys.push(storageKey);
        size = jpeg.length;
        mimeType = 'image/jpeg';
        fileName = name.replace(/\.(heic|heif)$/i, '') + '.jpg';
      }
      thumbnail = (await imageFacts(bytes, 420, MSG.advertisingFileUnreadable)).thumbnail;
    }
    const thumbnailKey = thumbnail ? await storage.put(thumbnail) : null;
    if (thumbnailKey) keys.push(thumbnailKey);
    // The original HEIC is not kept: the JPEG is the file.
    if (storageKey !== stored.key) {
      await storage.remove(stored.key);
      keys.shift();
    }
    return { storageKey, thumbnailKey, thumbnailSize: thumbnail?.length ?? 0, name: fileName, mimeType, size, kind: type.kind, keys };
  } catch (err) {
    await removeKeys(storage, keys);
    throw err;
  }
}

/** The file rows of a staged upload, inside the caller's transaction. */
export async function insertStagedFiles(tx: Db, staged: StagedFile, userId: string) {
  const [file] = await tx.insert(files).values({ storageKey: staged.storageKey, name: staged.name, mimeType: staged.mimeType, size: staged.size, createdBy: userId }).returning({ id: files.id });
  const [thumb] = staged.thumbnailKey
    ? await tx
        .insert(files)
        .values({ storageKey: staged.thumbnailKey, name: `vorschau-${staged.name.replace(/\.\w+$/, '')}.jpg`, mimeType: 'image/jpeg', size: staged.thumbnailSize, createdBy: userId })
        .returning({ id: files.id })
    : [];
  return { fileId: file!.id, thumbnailFileId: thumb?.id ?? null };
}
