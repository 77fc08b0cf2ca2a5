import type { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MIME_TYPES, documentType, FOLDER_MAX_DEPTH, type DocumentType } from '@filialportal/core/documents';
import { MSG } from '@filialportal/core/messages';
import type { Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { files } from '../../platform/files.table.ts';
import { TooLargeError, type Storage, type StreamedFile } from '../../platform/storage.ts';
import { extractText } from '../../platform/text-extract.ts';
import { users } from '../users/users.table.ts';
import { libraryDocuments, libraryFolders } from './documents.table.ts';
import { loadDocument, uploadTarget } from './documents.service.ts';

/** What file-type calls the bytes of each document type. */
const MAGIC: Record<DocumentType, string> = { pdf: 'pdf', docx: 'docx', xlsx: 'xlsx' };

export interface DocumentUpload {
  name: string;
  parent: string;
  newFolderName: string;
  teams: string[];
  body: Readable;
}

/**
 * The folder a document goes to: the chosen one, or a new folder of that name in it (or at the top
 * when none is chosen). A second file naming the same new folder finds the first one's folder,
 * so several files of one upload land together.
 */
async function targetFolder(db: Db, actor: Actor, input: DocumentUpload): Promise<string> {
  const parent = input.parent ? await uploadTarget(db, actor, input.parent) : null;
  if (!input.newFolderName) return parent!.id;
  if (parent && parent.path.length >= FOLDER_MAX_DEPTH) throw badRequest(MSG.folderTooDeep);
  const id = randomUUID();
  const parentSql = parent ? sql`${parent.id}::uuid` : sql`null::uuid`;
  // The new folder takes the upload groups of its parent; it is read by whoever sees the parent.
  await db
    .insert(libraryFolders)
    .values({ id, name: input.newFolderName, parentId: parent?.id ?? null, path: [...(parent?.path ?? []), id], teamsUpload: parent?.teamsUpload ?? [], createdById: actor.userId })
    .onConflictDoNothing();
  const [found] = await db
    .select({ id: libraryFolders.id })
    .from(libraryFolders)
    .where(sql`coalesce(${libraryFolders.parentId}, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(${parentSql}, '00000000-0000-0000-0000-000000000000'::uuid) and lower(${libraryFolders.name}) = lower(${input.newFolderName})`);
  // Someone else's folder of that name: its upload rules apply.
  if (found!.id !== id) await uploadTarget(db, actor, found!.id);
  return found!.id;
}

/**
 * POST /document: one file (.pdf .docx .xlsx, up to 50 MB) streamed to storage, checked by its
 * bytes, its text read for the full-text search (in a worker, bounded in time), then recorded.
 * A refusal keeps nothing of the file.
 */
export async function uploadDocument(db: Db, storage: Storage, actor: Actor, input: DocumentUpload) {
  const type = documentType(input.name);
  if (!type) throw badRequest(MSG.documentType);
  const folderId = await targetFolder(db, actor, input);
  let stored: StreamedFile;
  try {
    stored = await storage.putStream(input.body, DOCUMENT_MAX_BYTES);
  } catch (err) {
    if (err instanceof TooLargeError) throw new AppError(413, 'body_too_large', MSG.documentTooLarge);
    throw err;
  }
  try {
    if (stored.size === 0) throw badRequest(MSG.documentFileRequired);
    // The whole file: Office files are ZIPs whose telling entry may lie past the first bytes.
    const bytes = await storage.get(stored.key);
    const found = await (await import('file-type')).fileTypeFromBuffer(bytes);
    if (found?.ext !== MAGIC[type]) throw badRequest(MSG.documentType);
    const content = await extractText(bytes, type);
    const id = await db.transaction(async (tx) => {
      const [file] = await tx.insert(files).values({ storageKey: stored.key, name: input.name, mimeType: DOCUMENT_MIME_TYPES[type], size: stored.size, createdBy: actor.userId }).returning({ id: files.id });
      const [row] = await tx
        .insert(libraryDocuments)
        .values({
          folderId,
          name: input.name,
          type,
          size: stored.size,
          fileId: file!.id,
          teams: input.teams,
          content,
          createdById: actor.userId,
          createdByName: sql`(select u.first_name || ' ' || u.last_name from ${users} u where u.id = ${actor.userId})`,
        })
        .returning({ id: libraryDocuments.id });
      return row!.id;
    });
    return { document: await loadDocument(db, id), folder: folderId };
  } catch (err) {
    await storage.remove(stored.key).catch(() => undefined);
    throw err;
  }
}
