import type { Readable } from 'node:stream';
import { and, count, eq, ne } from 'drizzle-orm';
import { CLAIM_FILE_MAX_BYTES, CLAIM_FILES_MAX, CLAIM_VIDEO_MAX_BYTES, claimFileExtension, isClaimVideo, type ClaimFileField } from '@filialportal/core/claims';
import { MSG } from '@filialportal/core/messages';
import type { Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { files } from '../../platform/files.table.ts';
import type { Storage } from '../../platform/storage.ts';
import { commitFile, deleteFiles, discardFiles, receiveFile, stageFile, type UploadRules } from '../../platform/uploads.ts';
import { isBooker, scopeWhere } from './claim-view.ts';
import { claimFiles, claims } from './claims.table.ts';

const isVideo = (fileName: string | null) => isClaimVideo(claimFileExtension(fileName ?? '') ?? '');

/** Files of a claim: the spec's endings, each checked by its bytes (magic number, file-type's extension); photos with a thumbnail. */
const CLAIM_UPLOAD: UploadRules = {
  endingOf: claimFileExtension,
  allowed: {
    '.pdf': ['pdf'],
    '.png': ['png'],
    '.jpg': ['jpg'],
    '.jpeg': ['jpg'],
    '.heic': ['heic', 'heif'],
    '.heif': ['heic', 'heif'],
    '.mp4': ['mp4', 'm4v', 'mov'],
    '.mov': ['mov', 'mp4', 'm4v'],
    '.mov.qt': ['mov', 'mp4', 'm4v'],
    '.hevc': ['hevc'],
  },
  maxBytes: (fileName) => (isVideo(fileName) ? CLAIM_VIDEO_MAX_BYTES : CLAIM_FILE_MAX_BYTES),
  tooLarge: (fileName) => (isVideo(fileName) ? MSG.claimVideoTooLarge : MSG.claimFileTooLarge),
  refusals: { type: MSG.claimFileType, empty: MSG.claimFileUnreadable, unreadable: MSG.claimFileUnreadable },
  thumbnailWidth: 420,
};

/** Thrown inside the save's transaction when the field holds the same bytes already. */
class SameBytes extends Error {}

/** The claim as an upload or removal needs it: in the person's reach and still editable for them. */
async function editableClaim(db: Db, actor: Actor, claimId: string) {
  const [claim] = await db.select({ id: claims.id, completed: claims.completed }).from(claims).where(and(eq(claims.id, claimId), scopeWhere(actor)));
  if (!claim) throw notFound(MSG.claimUnknown);
  if (claim.completed && !isBooker(actor)) throw forbidden(MSG.claimReadOnly);
  return claim;
}

/**
 * POST /claims/{id}/files/{field}: one file, streamed to storage as it arrives (a video never sits
 * in memory) and staged (platform/uploads.ts: bytes checked, HEIC/HEIF as JPEG, photos with a
 * thumbnail). The same bytes twice in a field are kept once; the complaint form keeps only the
 * last file. Refusals remove what was stored.
 */
export async function uploadClaimFile(
  { db, storage }: ServiceDeps<'db' | 'storage'>,
  actor: Actor,
  input: { claimId: string; field: ClaimFileField; fileName: string; body: Readable },
) {
  await editableClaim(db, actor, input.claimId);
  const name = input.fileName.trim();
  if (!claimFileExtension(name)) throw badRequest(MSG.claimFileType);
  if (input.field !== 'complaintForm') {
    const [held] = await db.select({ n: count() }).from(claimFiles).where(and(eq(claimFiles.claimId, input.claimId), eq(claimFiles.field, input.field)));
    if ((held?.n ?? 0) >= CLAIM_FILES_MAX) throw badRequest(MSG.claimFilesTooMany);
  }
  const stored = await receiveFile(storage, input.body, CLAIM_UPLOAD, name);
  const staged = await stageFile(storage, { fileName: name, stored }, CLAIM_UPLOAD);
  let saved: { id: string };
  try {
    saved = await db.transaction(async (tx) => {
      const ids = await commitFile(tx, staged, actor.userId);
      const [row] = await tx
        .insert(claimFiles)
        .values({ claimId: input.claimId, field: input.field, ...ids, name: staged.name, mimeType: staged.mimeType, size: staged.size, sha256: staged.sha256, uploadedBy: actor.userId })
        .onConflictDoNothing({ target: [claimFiles.claimId, claimFiles.field, claimFiles.sha256] })
        .returning({ id: claimFiles.id });
      // The same bytes are already there: keep the first, and none of this copy's rows.
      if (!row) throw new SameBytes();
      return row;
    });
  } catch (err) {
    await discardFiles(storage, [staged]);
    if (err instanceof SameBytes) return;
    throw err;
  }
  if (input.field === 'complaintForm') await removeOthers(db, storage, input.claimId, saved.id);
}

/** Removes claim files and their stored bytes (file rows and thumbnails with them). */
async function removeRows(db: Db, storage: Storage, where: ReturnType<typeof and>) {
  const gone = await db.delete(claimFiles).where(where).returning({ fileId: claimFiles.fileId, thumbnailFileId: claimFiles.thumbnailFileId });
  await deleteFiles(db, storage, gone.flatMap((g) => [g.fileId, g.thumbnailFileId]));
  return gone.length;
}

const removeOthers = (db: Db, storage: Storage, claimId: string, keep: string) =>
  removeRows(db, storage, and(eq(claimFiles.claimId, claimId), eq(claimFiles.field, 'complaintForm'), ne(claimFiles.id, keep)));

/** DELETE /claims/{id}/files/{fileId}: a file of an editable claim. */
export async function deleteClaimFile({ db, storage }: ServiceDeps<'db' | 'storage'>, actor: Actor, { claimId, fileId }: { claimId: string; fileId: string }) {
  await editableClaim(db, actor, claimId);
  const removed = await removeRows(db, storage, and(eq(claimFiles.claimId, claimId), eq(claimFiles.id, fileId)));
  if (removed === 0) throw notFound(MSG.claimFileUnknown);
}

/**
 * GET /claimfile/{id}[/thumbnail]: the file, or its thumbnail, for who may see its claim; 404
 * for everyone else (whether it exists is not told).
 */
export async function claimFileFor({ db }: ServiceDeps<'db'>, actor: Actor, { id, thumbnail }: { id: string; thumbnail: boolean }) {
  const fileId = thumbnail ? claimFiles.thumbnailFileId : claimFiles.fileId;
  const [row] = await db
    .select({ storageKey: files.storageKey, name: files.name, mimeType: files.mimeType, size: files.size })
    .from(claimFiles)
    .innerJoin(claims, eq(claims.id, claimFiles.claimId))
    .innerJoin(files, eq(files.id, fileId))
    .where(and(eq(claimFiles.id, id), scopeWhere(actor)));
  if (!row) throw notFound(MSG.claimFileUnknown);
  return row;
}
