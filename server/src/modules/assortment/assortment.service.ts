import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  CATEGORY_FILE_EXTENSIONS,
  CATEGORY_FILE_MAX_BYTES,
  CATEGORY_FOLDER_MAX_DEPTH,
  CATEGORY_PAGE_SIZE,
  type TCategoryRequest,
} from '@filialportal/core/assortment';
import { MSG } from '@filialportal/core/messages';
import type { Actor } from '../../platform/access.ts';
import { decodeDataUrl } from '../../platform/data-url.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { badRequest, notFound, onConstraint } from '../../platform/errors.ts';
import { files } from '../../platform/files.table.ts';
import { hook, type Hooks } from '../../platform/hooks.ts';
import type { Storage } from '../../platform/storage.ts';
import { commitFile, orDiscard, stageFile, type UploadRules } from '../../platform/uploads.ts';
import { categories, categoryContacts, categoryFiles, categoryFolders } from './assortment.table.ts';

/**
 * How many articles a category holds, as an SQL expression of the category's id (the web warns
 * before deleting one that is not empty). The stock module answers it: its articles refer to the
 * categories, so it sits above this module.
 */
export const articleCountOf = hook<(categoryId: SQL) => SQL<number>>('articleCountOf');

/**
 * The category with its contacts, folders and files as JSON in the same statement, so a page of
 * categories is one round trip.
 */
const categoryColumns = (hooks: Hooks) => ({
  id: categories.id,
  name: categories.name,
  position: categories.position,
  info: categories.info,
  link: categories.link,
  sales1Name: categories.sales1Name,
  sales2Name: categories.sales2Name,
  sales3Name: categories.sales3Name,
  contactPersons: sql<
    { id: string; company: string; responsibility: string; salutation: string; firstName: string; lastName: string; email: string; phone: string }[]
  >`coalesce((select json_agg(json_build_object('id', cc.id, 'company', cc.company, 'responsibility', cc.responsibility, 'salutation', cc.salutation,
      'firstName', cc.first_name, 'lastName', cc.last_name, 'email', cc.email, 'phone', cc.phone) order by cc.position, cc.id)
    from ${categoryContacts} cc where cc.category_id = ${sql.raw('"categories"."id"')}), '[]'::json)`,
  folders: sql<{ id: string; name: string; parent: string | null; depth: number }[]>`coalesce((select json_agg(json_build_object('id', cf.id, 'name', cf.name, 'parent', cf.parent_id, 'depth', cf.depth) order by cf.depth, lower(cf.name), cf.id)
    from ${categoryFolders} cf where cf.category_id = ${sql.raw('"categories"."id"')}), '[]'::json)`,
  files: sql<{ id: string; name: string; size: number; type: string; folder: string | null }[]>`coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name, 'size', fl.size, 'type', fl.mime_type, 'folder', f.folder_id) order by lower(f.name), f.id)
    from ${categoryFiles} f join ${files} fl on fl.id = f.file_id where f.category_id = ${sql.raw('"categories"."id"')}), '[]'::json)`,
  articleCount: hooks.ask(articleCountOf)(sql.raw('"categories"."id"')),
});

/** GET /category/list/{page}: by position, then name, with a count of all. */
export async function listCategories(deps: ServiceDeps<'db' | 'hooks'>, page: number) {
  const { db, hooks } = deps;
  const [rows, [total]] = await Promise.all([
    db
      .select(categoryColumns(hooks))
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.name), asc(categories.id))
      .limit(CATEGORY_PAGE_SIZE)
      .offset(page * CATEGORY_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(categories),
  ]);
  return { categories: rows, count: total!.n };
}

export async function loadCategory(deps: ServiceDeps<'db' | 'hooks'>, id: string) {
  const { db, hooks } = deps;
  const [row] = await db.select(categoryColumns(hooks)).from(categories).where(eq(categories.id, id));
  if (!row) throw notFound();
  return { category: row };
}

const fields = (input: TCategoryRequest) => ({
  name: input.name,
  position: input.position,
  info: input.info,
  link: input.link,
  sales1Name: input.sales1Name,
  sales2Name: input.sales2Name,
  sales3Name: input.sales3Name,
});

/** POST /category, PUT /category/{id}: the fields and the whole contact list in one transaction. */
export async function saveCategory(deps: ServiceDeps<'db' | 'hooks'>, { id, category: input }: { id: string | null; category: TCategoryRequest }) {
  const { db } = deps;
  const saved = await db.transaction(async (tx) => {
    const [row] = id
      ? await tx.update(categories).set(fields(input)).where(eq(categories.id, id)).returning({ id: categories.id })
      : await tx.insert(categories).values(fields(input)).returning({ id: categories.id });
    if (!row) throw notFound();
    // The form sends the whole list: what it no longer holds is gone, the rest keeps its id.
    const kept = input.contactPersons.flatMap((c) => (c.id ? [c.id] : []));
    await tx
      .delete(categoryContacts)
      .where(and(eq(categoryContacts.categoryId, row.id), kept.length ? sql`${categoryContacts.id} <> all(${`{${kept.join(',')}}`}::uuid[])` : undefined));
    for (const [position, c] of input.contactPersons.entries()) {
      const values = { company: c.company, responsibility: c.responsibility, salutation: c.salutation, firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phone, position };
      const updated = c.id
        ? await tx.update(categoryContacts).set(values).where(and(eq(categoryContacts.id, c.id), eq(categoryContacts.categoryId, row.id))).returning({ id: categoryContacts.id })
        : [];
      // An id from elsewhere (another category, deleted meanwhile) becomes a new contact.
      if (updated.length === 0) await tx.insert(categoryContacts).values({ ...values, categoryId: row.id });
    }
    return row.id;
  });
  return loadCategory(deps, saved);
}

/** The stored files of a category, or of a folder and its sub-folders. */
async function fileIdsIn(db: Db, where: { categoryId: string } | { folderId: string }) {
  const rows =
    'categoryId' in where
      ? await db.select({ fileId: categoryFiles.fileId }).from(categoryFiles).where(eq(categoryFiles.categoryId, where.categoryId))
      : await db
          .select({ fileId: categoryFiles.fileId })
          .from(categoryFiles)
          .where(sql`${categoryFiles.folderId} in (select id from ${categoryFolders} where id = ${where.folderId} or parent_id = ${where.folderId})`);
  return rows.map((r) => r.fileId);
}

/** Removes file rows in the transaction; the bytes go afterwards (a failed removal leaves only an orphan). */
async function dropFiles(tx: Db, ids: string[]) {
  if (ids.length === 0) return [];
  const gone = await tx.delete(files).where(inArray(files.id, ids)).returning({ key: files.storageKey });
  return gone.map((g) => g.key);
}
const removeBytes = (storage: Storage, keys: string[]) => Promise.allSettled(keys.map((k) => storage.remove(k)));

/** DELETE /category/{id}: only without articles (spec 2 §4), with its technical data. */
export async function deleteCategory({ db, storage }: ServiceDeps<'db' | 'storage'>, id: string) {
  const keys = await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).for('update');
    if (!row) throw notFound();
    const keys = await dropFiles(tx, await fileIdsIn(tx, { categoryId: id }));
    // The foreign key of articles refuses as well when an article arrives meanwhile.
    await tx
      .delete(categories)
      .where(eq(categories.id, id))
      .catch(onConstraint({ articles_category_id_categories_id_fk: () => badRequest(MSG.categoryNotEmpty, 'category_not_empty') }));
    return keys;
  });
  await removeBytes(storage, keys);
}

async function folderOf(db: Db, categoryId: string, folderId: string) {
  const [folder] = await db.select().from(categoryFolders).where(and(eq(categoryFolders.id, folderId), eq(categoryFolders.categoryId, categoryId)));
  if (!folder) throw badRequest(MSG.categoryFolderUnknown);
  return folder;
}

async function assertCategory(db: Db, categoryId: string) {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!row) throw notFound();
}

/** POST /addcategoryfolder: in the root or in a first-level folder (three levels with the root). */
export async function addFolder(deps: ServiceDeps<'db' | 'hooks'>, input: { categoryId: string; parentId: string | null; name: string }) {
  const { db } = deps;
  await assertCategory(db, input.categoryId);
  const parent = input.parentId ? await folderOf(db, input.categoryId, input.parentId) : null;
  const depth = parent ? parent.depth + 1 : 1;
  if (depth > CATEGORY_FOLDER_MAX_DEPTH) throw badRequest(MSG.categoryFolderTooDeep);
  await db.insert(categoryFolders).values({ categoryId: input.categoryId, parentId: parent?.id ?? null, name: input.name, depth });
  return loadCategory(deps, input.categoryId);
}

/** PUT /categoryfolder/{id}: a new name. */
export async function renameFolder(deps: ServiceDeps<'db' | 'hooks'>, { id, name }: { id: string; name: string }) {
  const { db } = deps;
  const [row] = await db.update(categoryFolders).set({ name }).where(eq(categoryFolders.id, id)).returning({ categoryId: categoryFolders.categoryId });
  if (!row) throw notFound();
  return loadCategory(deps, row.categoryId);
}

/** A technical-data file: PDF, GIF, JPEG or PNG, its bytes of the type its name says (a renamed executable is no PDF), at most 10 MB. */
const CATEGORY_FILE_UPLOAD: UploadRules = {
  endingOf: (name) => {
    const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
    return (CATEGORY_FILE_EXTENSIONS as readonly string[]).includes(ext) ? ext : null;
  },
  allowed: { pdf: ['pdf'], gif: ['gif'], jpg: ['jpg'], jpeg: ['jpg'], png: ['png'] },
  maxBytes: () => CATEGORY_FILE_MAX_BYTES,
  tooLarge: () => MSG.categoryFileTooLarge,
  refusals: { type: MSG.categoryFileType, empty: MSG.categoryFileRequired, unreadable: MSG.categoryFileType },
};

/** POST /addcategoryfile: the file staged (platform/uploads.ts) and recorded with its entry; a refusal keeps nothing. */
export async function addFile(deps: ServiceDeps<'db' | 'storage' | 'hooks'>, actor: Actor, input: { categoryId: string; folderId: string | null; name: string; data: string }) {
  const { db, storage } = deps;
  await assertCategory(db, input.categoryId);
  if (input.folderId) await folderOf(db, input.categoryId, input.folderId);
  const staged = await stageFile(storage, { fileName: input.name, bytes: decodeDataUrl(input.data) }, CATEGORY_FILE_UPLOAD, { name: input.name });
  // The category or folder may go while the bytes are stored: then the entry, its file row and its bytes go too.
  await orDiscard(storage, [staged], () =>
    db.transaction(async (tx) => {
      const { fileId } = await commitFile(tx, staged, actor.userId);
      await tx.insert(categoryFiles).values({ categoryId: input.categoryId, folderId: input.folderId, fileId, name: input.name });
    }),
  );
  return loadCategory(deps, input.categoryId);
}

/** POST /deletecategoryfileorfolder: a file, or a folder with its sub-folders and files. */
export async function deleteEntry(deps: ServiceDeps<'db' | 'storage' | 'hooks'>, input: { type: 'file' | 'folder'; id: string }) {
  const { db, storage } = deps;
  const { categoryId, keys } = await db.transaction(async (tx) => {
    if (input.type === 'file') {
      const [entry] = await tx.select().from(categoryFiles).where(eq(categoryFiles.id, input.id));
      if (!entry) throw notFound();
      return { categoryId: entry.categoryId, keys: await dropFiles(tx, [entry.fileId]) };
    }
    const [folder] = await tx.select().from(categoryFolders).where(eq(categoryFolders.id, input.id));
    if (!folder) throw notFound();
    const keys = await dropFiles(tx, await fileIdsIn(tx, { folderId: folder.id }));
    await tx.delete(categoryFolders).where(eq(categoryFolders.id, folder.id));
    return { categoryId: folder.categoryId, keys };
  });
  await removeBytes(storage, keys);
  return loadCategory(deps, categoryId);
}

/** POST /movefile: 'Einfügen' of a cut file into a folder of the same category (null: the root). */
export async function moveFile(deps: ServiceDeps<'db' | 'hooks'>, input: { fileId: string; folderId: string | null }) {
  const { db } = deps;
  const [entry] = await db.select().from(categoryFiles).where(eq(categoryFiles.id, input.fileId));
  if (!entry) throw notFound();
  if (input.folderId) await folderOf(db, entry.categoryId, input.folderId);
  await db.update(categoryFiles).set({ folderId: input.folderId }).where(eq(categoryFiles.id, entry.id));
  return loadCategory(deps, entry.categoryId);
}

/** GET /categoryfile/{id}: the stored file behind a technical-data entry. */
export async function categoryFile({ db }: ServiceDeps<'db'>, id: string) {
  const [row] = await db
    .select({ name: categoryFiles.name, storageKey: files.storageKey, mimeType: files.mimeType, size: files.size })
    .from(categoryFiles)
    .innerJoin(files, eq(files.id, categoryFiles.fileId))
    .where(eq(categoryFiles.id, id));
  if (!row) throw notFound();
  return row;
}
