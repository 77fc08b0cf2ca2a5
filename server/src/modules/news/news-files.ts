import { MSG } from '@filialportal/core/messages';
import { NEWS_FILE_MAX_BYTES, newsFileExtension } from '@filialportal/core/news';
import { decodeDataUrl } from '../../platform/data-url.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { commitFile, stageFile, type StagedFile, type UploadRules } from '../../platform/uploads.ts';

/**
 * What a name's ending promises is a kind (picture, PDF, video), and the bytes must be of that
 * kind: a photo named .png may be a JPEG. `hevc`: a raw HEVC stream.
 */
const PICTURE = ['png', 'jpg', 'heic', 'heif'];
const VIDEO = ['mp4', 'mov', 'm4v'];

/** The attachment of a news item: up to 10 MB; pictures with a thumbnail 420 px wide (210 px at double density) and their colour. */
const NEWS_UPLOAD: UploadRules = {
  endingOf: newsFileExtension,
  allowed: { pdf: ['pdf'], png: PICTURE, jpg: PICTURE, jpeg: PICTURE, heic: PICTURE, heif: PICTURE, mp4: VIDEO, mov: VIDEO, hevc: [...VIDEO, 'hevc'] },
  maxBytes: () => NEWS_FILE_MAX_BYTES,
  tooLarge: () => MSG.newsFileTooLarge,
  refusals: { type: MSG.newsFileType, empty: MSG.newsFileUnreadable, unreadable: MSG.newsFileUnreadable },
  thumbnailWidth: 420,
};

/** Stages an attachment sent as a data URL in the item's JSON (spec 3 §3); refuses with the spec's messages. */
export async function stageAttachment({ storage }: ServiceDeps<'storage'>, input: { data: string; fileName: string }): Promise<StagedFile> {
  return stageFile(storage, { fileName: input.fileName, bytes: decodeDataUrl(input.data) }, NEWS_UPLOAD);
}

/** The attachment columns of a news item: the staged file committed in the item's transaction. */
export async function attachmentColumns({ db }: ServiceDeps<'db'>, { staged, userId }: { staged: StagedFile; userId: string }) {
  const { fileId, thumbnailFileId } = await commitFile(db, staged, userId);
  return { fileId, thumbnailFileId, fileKind: staged.kind, dominantColor: staged.dominantColor };
}
