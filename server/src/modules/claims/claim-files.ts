import type { Readable } from 'node:stream';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { CLAIM_FILE_MAX_BYTES, CLAIM_FILES_MAX, CLAIM_VIDEO_MAX_BYTES, claimFileExtension, isClaimVideo, type ClaimFileField } from '@filialportal/core/claims';
import { MSG } from '@filialportal/core/messages';
import type { Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { isHevcStream } from '../../platform/files.ts';
import { files } from '../../platform/files.table.ts';
import { heicToJpeg } from '../../platform/heic.ts';
import { imageFacts } from '../../platform/images.ts';
import { TooLargeError, type Storage, type StreamedFile } from '../../platform/storage.ts';
import { isBooker, scopeWhere } from './claim-view.ts';
import { claimFiles, claims } from './claims.table.ts';

/** What the bytes are by their magic number (file-type's extension) for each allowed name ending. */
const MAGIC_OF: Record<string, readonly string[]> = {
  '.pdf': ['pdf'],
  '.png': ['png'],
  '.jpg': ['jpg'],
  '.jpeg': ['jpg'],
  '.heic': ['heic', 'heif'],
  '.heif': ['heic', 'heif'],
  '.mp4': ['mp4', 'm4v', 'mov'],
  '.mov': ['mov', 'mp4', 'm4v'],
  '.mov.qt': ['mov', 'mp4', 'm4v'],
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

/** Checks the stored bytes against the name's ending; the real type and whether it is a photo. */
async function typeOf(stored: StreamedFile, ext: string): Promise<{ mime: string; kind: 'image' | 'heic' | 'pdf' | 'video' } | null> {
  if (ext === '.hevc') return isHevcStream(stored.head) ? { mime: 'video/hevc', kind: 'video' } : null;
  const found = stored.head.length ? await (await import('file-type')).fileTypeFromBuffer(stored.head) : undefined;
  if (!found || !MAGIC_OF[ext]?.includes(found.ext)) return null;
  if (found.ext === 'heic' || found.ext === 'heif') return { mime: found.mime, kind: 'heic' };
  if (found.ext === 'pdf') return { mime: found.mime, kind: 'pdf' };
  if (found.ext === 'png' || found.ext === 'jpg') return { mime: found.mime, kind: 'image' };
  return { mime: found.mime, kind: 'video' };
}

/**
 * POST /claims/{id}/files/{field}: one file, streamed to storage as it arrives (a video never sits
 * in memory), checked by its bytes, HEIC/HEIF turned into JPEG (quality 0.9), photos with a
 * thumbnail. The same bytes twice in a field are kept once; the complaint form keeps only the
 * last file. Refusals remove what was stored.
 */
export async function uploadClaimFile(db: Db, storage: Storage, actor: Actor, input: { claimId: string; field: ClaimFileField; fileName: string; body: Readable }) {
  await editableClaim(db, actor, input.claimId);
  const name = input.fileName.trim();
  const ext = claimFileExtension(name);
  if (!ext) throw badRequest(MSG.claimFileType);
  if (input.field !== 'complaintForm') {
    const [held] = await db.select({ n: count() }).from(claimFiles).where(and(eq(claimFiles.claimId, input.claimId), eq(claimFiles.field, input.field)));
    if ((held?.n ?? 0) >= CLAIM_FILES_MAX) throw badRequest(MSG.claimFilesTooMany);
  }
  const video = isClaimVideo(ext);
  let stored: StreamedFile;
  try {
    stored = await storage.putStream(input.body, video ? CLAIM_VIDEO_MAX_BYTES : CLAIM_FILE_MAX_BYTES);
  } catch (err) {
    if (err instanceof TooLargeError) throw new AppError(413, 'body_too_large', video ? MSG.claimVideoTooLarge : MSG.claimFileTooLarge);
    throw err;
  }
  const keys = [stored.key];
  try {
    if (stored.size === 0) throw badRequest(MSG.claimFileUnreadable);
    const type = await typeOf(stored, ext);
    if (!type) throw badRequest(MSG.claimFileType);
    let storageKey = stored.key;
    let size = stored.size;
    let mimeType = type.mime;
    let fileName = name;
    let thumbnail: Buffer | null = null;
    if (type.kind === 'heic' || type.kind === 'image') {
      let bytes = await storage.get(stored.key);
      if (type.kind === 'heic') {
        const jpeg = await heicToJpeg(bytes);
        if (!jpeg) throw badRequest(MSG.claimFileUnreadable);
        bytes = jpeg;
        storageKey = await storage.put(jpeg);
        keys.push(storageKey);
        size = jpeg.length;
        mimeType = 'image/jpeg';
        fileName = name.replace(/\.(heic|heif)$/i, '') + '.jpg';
      }
      thumbnail = (await imageFacts(bytes, 420, MSG.claimFileUnreadable)).thumbnail;
    }
    const thumbKey = thumbnail ? await storage.put(thumbnail) : null;
    if (thumbKey) keys.push(thumbKey);
    const saved = await db
      .transaction(async (tx) => {
        const [file] = await tx.insert(files).values({ storageKey, name: fileName, mimeType, size, createdBy: actor.userId }).returning({ id: files.id });
        const [thumb] = thumbKey ? await tx.insert(files).values({ storageKey: thumbKey, name: `vorschau-${fileName}`, mimeType: 'image/jpeg', size: thumbnail!.length, createdBy: actor.userId }).returning({ id: files.id }) : [];
        const [row] = await tx
          .insert(claimFiles)
          .values({ claimId: input.claimId, field: input.field, fileId: file!.id, thumbnailFileId: thumb?.id ?? null, name: fileName, mimeType, size, sha256: stored.sha256, uploadedBy: actor.userId })
          .onConflictDoNothing({ target: [claimFiles.claimId, claimFiles.field, claimFiles.sha256] })
          .returning({ id: claimFiles.id });
        // The same bytes are already there: keep the first, and none of this copy's rows.
        if (!row) throw new SameBytes();
        return row;
      })
      .catch((err: unknown) => {
        if (err instanceof SameBytes) return null;
        throw err;
      });
    if (!saved) {
      await removeKeys(storage, keys);
      return;
    }
    // The original HEIC is not kept: the JPEG is the file.
    if (storageKey !== stored.key) await storage.remove(stored.key);
    if (input.field === 'complaintForm') await removeOthers(db, storage, input.claimId, saved.id);
  } catch (err) {
    await removeKeys(storage, keys);
    throw err;
  }
}

async function removeKeys(storage: Storage, keys: string[]) {
  await Promise.all(keys.map((k) => storage.remove(k).catch(() => undefined)));
}

/** Removes claim files and their stored bytes (file rows and thumbnails with them). */
async function removeRows(db: Db, storage: Storage, where: ReturnType<typeof and>) {
  const gone = await db.delete(claimFiles).where(where).returning({ fileId: claimFiles.fileId, thumbnailFileId: claimFiles.thumbnailFileId });
  const ids = gone.flatMap((g) => [g.fileId, g.thumbnailFileId].filter((x): x is string => x !== null));
  if (ids.length === 0) return 0;
  const rows = await db.delete(files).where(sql`${files.id} = any(${`{${ids.join(',')}}`}::uuid[])`).returning({ storageKey: files.storageKey });
  await removeKeys(storage, rows.map((r) => r.storageKey));
  return gone.length;
}

const removeOthers = (db: Db, storage: Storage, claimId: string, keep: string) =>
  removeRows(db, storage, and(eq(claimFiles.claimId, claimId), eq(claimFiles.field, 'complaintForm'), ne(claimFiles.id, keep)));

/** DELETE /claims/{id}/files/{fileId}: a file of an editable claim. */
export async function deleteClaimFile(db: Db, storage: Storage, actor: Actor, claimId: string, fileId: string) {
  await editableClaim(db, actor, claimId);
  const removed = await removeRows(db, storage, and(eq(claimFiles.claimId, claimId), eq(claimFiles.id, fileId)));
  if (removed === 0) throw notFound(MSG.claimFileUnknown);
}

/**
 * GET /claimfile/{id}[/thumbnail]: the file, or its thumbnail, for who may see its claim; 404
 * for everyone else (whether it exists is not told).
 */
export async function claimFileFor(db: Db, actor: Actor, id: string, thumbnail: boolean) {
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
