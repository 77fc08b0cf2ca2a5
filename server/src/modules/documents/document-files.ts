import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  DOCUMENT_FILES_MAX,
  DOCUMENT_MAX_BYTES,
  documentType,
  FOLDER_MAX_DEPTH,
  ZDocumentChangeRequest,
  ZDocumentFilesRequest,
  type DocumentType,
} from '@filialportal/core/documents';
import { MSG } from '@filialportal/core/messages';
import type { Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { files } from '../../platform/files.table.ts';
import type { Storage } from '../../platform/storage.ts';
import type { RequestRules, UploadBody } from '../../platform/upload-body.ts';
import { commitFile, discardFiles, orDiscard, stageFile, type StagedFile, type UploadedFile } from '../../platform/uploads.ts';
import { parseOr400 } from '../../platform/validation.ts';
import { users } from '../users/index.ts';
import { libraryDocuments, libraryFolders } from './documents.table.ts';
import { checkTeams, loadDocument, uploadTarget, visibleDocument } from './documents.service.ts';
import { toDocument, documentColumns } from './library-view.ts';

/** What file-type calls the bytes of each document type. */
const ALLOWED: Record<DocumentType, readonly string[]> = { pdf: ['pdf'], docx: ['docx'], xlsx: ['xlsx'] };

/**
 * Uploads of the library: up to 20 files of 50 MB each (pdf, docx, xlsx), the spec's JSON part
 * `document`; each file's text is read for the search (in a worker, bounded in time).
 */
export const DOCUMENT_UPLOAD: RequestRules = {
  entity: 'document',
  maxFiles: DOCUMENT_FILES_MAX,
  endingOf: documentType,
  allowed: ALLOWED,
  maxBytes: () => DOCUMENT_MAX_BYTES,
  tooLarge: () => MSG.documentTooLarge,
  refusals: { type: MSG.documentType, empty: MSG.documentFileRequired, unreadable: MSG.documentType },
  text: true,
};

/** Where documents go: a folder, or a new folder of that name in it (at the top when none is chosen). */
interface Target {
  parent: string;
  newFolderName: string;
}

/**
 * The folder a document goes to, inside the caller's transaction: the chosen one, or a new folder
 * of that name in it. A second file (or request) naming the same new folder finds the first one's
 * folder, so several files of one upload land together; the new folder goes if the save fails.
 */
async function targetFolder(tx: Db, actor: Actor, target: Target): Promise<string> {
  const parent = target.parent ? await uploadTarget({ db: tx }, actor, target.parent) : null;
  if (!target.newFolderName) return parent!.id;
  if (parent && parent.path.length >= FOLDER_MAX_DEPTH) throw badRequest(MSG.folderTooDeep);
  const id = randomUUID();
  const parentSql = parent ? sql`${parent.id}::uuid` : sql`null::uuid`;
  // The new folder takes the upload groups of its parent; it is read by whoever sees the parent.
  await tx
    .insert(libraryFolders)
    .values({ id, name: target.newFolderName, parentId: parent?.id ?? null, path: [...(parent?.path ?? []), id], teamsUpload: parent?.teamsUpload ?? [], createdById: actor.userId })
    .onConflictDoNothing();
  const [found] = await tx
    .select({ id: libraryFolders.id })
    .from(libraryFolders)
    .where(sql`coalesce(${libraryFolders.parentId}, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(${parentSql}, '00000000-0000-0000-0000-000000000000'::uuid) and lower(${libraryFolders.name}) = lower(${target.newFolderName})`);
  // Someone else's folder of that name: its upload rules apply.
  if (found!.id !== id) await uploadTarget({ db: tx }, actor, found!.id);
  return found!.id;
}

/**
 * A received file staged as a document named `name`: its type by its own name (else the
 * document's name), its bytes checked against that type, and its text.
 */
async function stageDocument(storage: Storage, file: UploadedFile, name: string): Promise<StagedFile & { type: DocumentType }> {
  const type = documentType(file.fileName) ?? documentType(name);
  if (!type) throw badRequest(MSG.documentType);
  if (!name) throw badRequest(MSG.documentNameRequired);
  return { ...(await stageFile(storage, file, DOCUMENT_UPLOAD, { name, ending: type })), type };
}

/**
 * Records checked files as documents of one folder, in one transaction with the new folder, if
 * any: all of them or none. Refusals remove the staged bytes.
 */
async function saveDocuments(
  deps: ServiceDeps<'db' | 'storage'>,
  actor: Actor,
  input: Target & { teams: string[] },
  upload: { name: string; file: UploadedFile }[],
) {
  const { db, storage } = deps;
  try {
    if (upload.length === 0) throw badRequest(MSG.documentFileRequired);
    // A folder the person may not upload into is refused before any file is looked at.
    if (input.parent) await uploadTarget(deps, actor, input.parent);
    const checked: Awaited<ReturnType<typeof stageDocument>>[] = [];
    for (const u of upload) checked.push(await stageDocument(storage, u.file, u.name));
    const { folder, ids } = await db.transaction(async (tx) => {
      const folderId = await targetFolder(tx, actor, input);
      const created: string[] = [];
      for (const c of checked) {
        const { fileId } = await commitFile(tx, c, actor.userId);
        const [row] = await tx
          .insert(libraryDocuments)
          .values({
            folderId,
            name: c.name,
            type: c.type,
            size: c.size,
            fileId,
            teams: input.teams,
            content: c.text,
            createdById: actor.userId,
            createdByName: sql`(select u.first_name || ' ' || u.last_name from ${users} u where u.id = ${actor.userId})`,
          })
          .returning({ id: libraryDocuments.id });
        created.push(row!.id);
      }
      return { folder: folderId, ids: created };
    });
    const rows = await db.select(documentColumns).from(sql`${libraryDocuments} d`).where(inArray(sql`d.id`, ids));
    const documents = ids.map((id) => toDocument(rows.find((r) => r.id === id)!));
    return { document: documents[0]!, documents, folder };
  } catch (err) {
    await discardFiles(storage, upload.map((u) => u.file));
    throw err;
  }
}

/**
 * POST /document with the raw bytes of one file (the web's upload): name, folder and read groups
 * in the query. Name and folder are checked before a byte is read; `read` then streams the file.
 */
export async function uploadDocument(
  deps: ServiceDeps<'db' | 'storage'>,
  actor: Actor,
  { read, ...input }: Target & { name: string; teams: string[]; read: () => Promise<UploadBody> },
) {
  if (!documentType(input.name)) throw badRequest(MSG.documentType);
  if (input.parent) await uploadTarget(deps, actor, input.parent);
  const upload = await read();
  return saveDocuments(deps, actor, input, upload.files.map((file) => ({ name: input.name, file })));
}

/**
 * POST /document in the spec's shape: `{ document: { parent, teams, name }, files, fileNames,
 * newFolderName }`. Each file becomes a document, named by `fileNames` in order, else (a single
 * file) by `document.name`, else by its own name.
 */
export async function uploadDocuments(deps: ServiceDeps<'db' | 'storage'>, actor: Actor, upload: UploadBody) {
  const input = await orDiscard(deps.storage, upload.files, () => parseOr400(ZDocumentFilesRequest, upload.fields));
  const single = upload.files.length === 1 ? input.document.name : '';
  const named = upload.files.map((file, i) => ({ file, name: input.fileNames[i] || single || file.fileName }));
  return saveDocuments(deps, actor, { ...input.document, newFolderName: input.newFolderName }, named);
}

/**
 * PUT /document: name, read groups and folder of a document; in the spec's shape also a new
 * folder to move it into and one file that replaces its file (same id, short link and place in
 * lists; the old bytes go once the new ones are recorded). Nothing changes if anything is refused.
 */
export async function changeDocument(deps: ServiceDeps<'db' | 'storage'>, actor: Actor, upload: UploadBody) {
  const { db, storage } = deps;
  try {
    const { document: input, newFolderName } = parseOr400(ZDocumentChangeRequest, upload.fields);
    if (upload.files.length > 1) throw badRequest(MSG.documentOneFile);
    await checkTeams(deps, [input.teams]);
    const doc = await visibleDocument(deps, actor, { id: input.__identity });
    if (input.parent && (newFolderName || input.parent !== doc.parent)) await uploadTarget(deps, actor, input.parent);
    const replacement = upload.files[0] ? await stageDocument(storage, upload.files[0], input.name) : null;
    const oldKey = await db.transaction(async (tx) => {
      const folderId = newFolderName ? await targetFolder(tx, actor, { parent: input.parent, newFolderName }) : input.parent;
      const fileId = replacement ? (await commitFile(tx, replacement, actor.userId)).fileId : undefined;
      const file = replacement ? { fileId, type: replacement.type, size: replacement.size, content: replacement.text } : {};
      await tx
        .update(libraryDocuments)
        .set({ name: input.name, teams: input.teams, folderId, updatedAt: new Date(), ...file })
        .where(eq(libraryDocuments.id, input.__identity));
      if (!replacement) return null;
      const [old] = await tx.delete(files).where(eq(files.id, doc.fileId)).returning({ key: files.storageKey });
      return old?.key ?? null;
    });
    if (oldKey) await storage.remove(oldKey).catch(() => undefined);
    return { document: await loadDocument(deps, input.__identity) };
  } catch (err) {
    await discardFiles(storage, upload.files);
    throw err;
  }
}
