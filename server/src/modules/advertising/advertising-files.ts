import {
  ADVERTISING_VIDEO_MAX_BYTES,
  advertisingExtension,
  advertisingMaxBytes,
  type AdvertisingExtension,
  ZCreateAdvertisingRequest,
  ZUpdateAdvertisingRequest,
} from '@filialportal/core/advertising';
import { MSG } from '@filialportal/core/messages';
import { badRequest } from '../../platform/errors.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import type { RequestRules, UploadBody } from '../../platform/upload-body.ts';
import { orDiscard, type UploadedFile } from '../../platform/uploads.ts';
import { parseOr400 } from '../../platform/validation.ts';

/** What the bytes must be by their magic number (file-type's extension) for each allowed name ending. */
const ALLOWED: Record<AdvertisingExtension, readonly string[]> = {
  pdf: ['pdf'],
  png: ['png'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  heic: ['heic', 'heif'],
  heif: ['heic', 'heif'],
  mp4: ['mp4', 'm4v', 'mov'],
  mov: ['mov', 'mp4', 'm4v'],
  hevc: ['hevc'],
};

/** The largest file by its name: videos 200 MB, everything else 25 MB (not known yet: the larger). */
function maxBytes(fileName: string | null): number {
  const ext = fileName ? advertisingExtension(fileName.trim()) : null;
  return ext ? advertisingMaxBytes(ext) : ADVERTISING_VIDEO_MAX_BYTES;
}

/** Files of advertising: one per request (the spec's JSON part `advertising`), its limit by its kind, pictures with a thumbnail. */
export const ADVERTISING_UPLOAD: RequestRules = {
  entity: 'advertising',
  maxFiles: 1,
  endingOf: advertisingExtension,
  allowed: ALLOWED,
  maxBytes,
  tooLarge: () => MSG.advertisingFileTooLarge,
  refusals: { type: MSG.advertisingFileType, empty: MSG.advertisingFileRequired, unreadable: MSG.advertisingFileUnreadable },
  thumbnailWidth: 420,
};

/** The one file of an upload, or the spec's 'choose a file' message when there is none. */
export function fileOf(files: UploadedFile[]): UploadedFile {
  if (!files[0]) throw badRequest(MSG.advertisingFileRequired);
  return files[0];
}

/**
 * The fields and the file of POST /advertising in the spec's shape (`{ advertising, file }`): the
 * file is named by its own `fileName`, else by `advertising.name`. A refusal removes the received file.
 */
export function createRequest({ storage }: ServiceDeps<'storage'>, upload: UploadBody) {
  return orDiscard(storage, upload.files, () => {
    const file = fileOf(upload.files);
    const { advertising } = parseOr400(ZCreateAdvertisingRequest, upload.fields);
    if (!file.fileName) file.fileName = advertising.name;
    return { advertising, file };
  });
}

/** The fields and, if one came along, the new file of PUT /advertising. A refusal removes the received file. */
export function updateRequest({ storage }: ServiceDeps<'storage'>, upload: UploadBody) {
  return orDiscard(storage, upload.files, () => ({ advertising: parseOr400(ZUpdateAdvertisingRequest, upload.fields).advertising, file: upload.files[0] }));
}

/** A file name the entry accepts (checked before the raw upload's bytes are read), else the spec's message. */
export function requireAdvertisingName(fileName: string) {
  if (!advertisingExtension(fileName.trim())) throw badRequest(MSG.advertisingFileType);
}
