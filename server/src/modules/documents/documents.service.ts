import { randomUUID } from 'node:crypto';
import { eq, fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { DOCUMENT_PAGE_SIZE, DOCUMENT_SEARCH_CAP, DOCUMENT_SEARCH_MIN, DOCUMENT_SEARCH_PAGE_SIZE, FOLDER_MAX_DEPTH, type TFolderInput } from '@filialportal/core/documents';
import { MSG } from '@filialportal/core/messages';
import type { Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import { type ServiceDeps, withDb } from '../../platform/deps.ts';
import { badRequest, conflict, forbidden, notFound, onConstraint } from '../../platform/errors.ts';
import { files } from '../../platform/files.table.ts';
import { LOCK, lockUntilCommit } from '../../platform/locks.ts';
import { likeTerm, pageSize } from '../../platform/paging.ts';
import type { Storage } from '../../platform/storage.ts';
import { builtPerActor, isTransaction, named, preparedTextRows } from '../../platform/prepared.ts';
import { passage, typedWords } from '../../platform/search.ts';
import { userGroups } from '../teams/index.ts';
import { libraryDocuments, libraryFolders } from './documents.table.ts';
import { breadCrumbOf, documentColumns, documentVisible, folderColumns, itemVisible, pathVisible, toDocument, toFolder, uploadAllowed } from './library-view.ts';

const F = sql`${libraryFolders} f`;
const D = sql`${libraryDocuments} d join ${libraryFolders} f on f.id = d.folder_id`;

const folderTaken = onConstraint({ library_folders_name_uq: () => conflict(MSG.folderNameTaken) });
const linkTaken = onConstraint({
  library_folders_short_link_uq: () => conflict(MSG.shortLinkTaken, 'short_link_taken'),
  library_documents_short_link_uq: () => conflict(MSG.shortLinkTaken, 'short_link_taken'),
});

/**
 * Which folders a statement reads: the top level, one folder by id or short link, or one with
 * its sub-folders. The id or link is a placeholder, so each kind is built once per person and
 * prepared by its text (people with the same groups share it).
 */
const FOLDER_MATCH = {
  top: sql`f.parent_id is null`,
  id: sql`f.id = ${sql.placeholder('id')}::uuid`,
  link: sql`lower(f.short_link) = lower(${sql.placeholder('link')})`,
  withChildrenById: sql`(f.id = ${sql.placeholder('id')}::uuid or f.parent_id = ${sql.placeholder('id')}::uuid)`,
  withChildrenByLink: sql`(f.id = (select s.id from ${libraryFolders} s where lower(s.short_link) = lower(${sql.placeholder('link')}))
    or f.parent_id = (select s.id from ${libraryFolders} s where lower(s.short_link) = lower(${sql.placeholder('link')})))`,
};

/** Folders by a condition on `f`, in name order, as the person sees them. */
const foldersQuery = (db: Db, actor: Actor, where: SQL) =>
  db
    .select(folderColumns(actor))
    .from(F)
    .where(sql`${where} and ${pathVisible(actor, sql`f.path`)}`)
    .orderBy(sql`lower(f.name)`, sql`f.id`);
const folderStatements = builtPerActor<ReturnType<typeof named<ReturnType<typeof foldersQuery>>>>();

async function folders(db: Db, actor: Actor, match: keyof typeof FOLDER_MATCH, by: { id?: string; link?: string } = {}) {
  // A prepared statement belongs to the handle it was built on: inside a transaction, built for it alone.
  const statement = isTransaction(db) ? foldersQuery(db, actor, FOLDER_MATCH[match]).prepare('') : folderStatements(actor, match, () => named(foldersQuery(db, actor, FOLDER_MATCH[match])));
  return (await statement.execute({ id: by.id, link: by.link })).map(toFolder);
}

/** GET /folder/list/: the top folders the person sees. */
export async function topFolders({ db }: ServiceDeps<'db'>, actor: Actor) {
  return { folders: await folders(db, actor, 'top') };
}

/** A folder the person sees, by id or short link; 404 otherwise (whether it exists is not told). */
async function visibleFolder(db: Db, actor: Actor, by: { id: string } | { link: string }) {
  const [folder] = await folders(db, actor, 'id' in by ? 'id' : 'link', by);
  if (!folder) throw notFound(MSG.folderUnknown);
  return folder;
}

/**
 * A step of a folder's documents the person sees, with the count of all in the same statement;
 * built once per person (their groups in the text) and first page or not.
 */
const documentsQuery = (db: Db, actor: Actor, first: boolean) =>
  db
    .select({ ...documentColumns, total: sql<number>`count(*) over ()` })
    .from(sql`${libraryDocuments} d`)
    .where(sql`d.folder_id = ${sql.placeholder('folderId')}::uuid and ${itemVisible(actor, sql`d.teams`)}`)
    .orderBy(sql`lower(d.name)`, sql`d.id`)
    .limit(pageSize(DOCUMENT_PAGE_SIZE))
    .offset(first ? pageSize(0) : sql.placeholder('from'));
const documentStatements = builtPerActor<ReturnType<typeof named<ReturnType<typeof documentsQuery>>>>();

/** Documents of a folder the person sees, a step of DOCUMENT_PAGE_SIZE from `from`, and their count. */
async function documentsIn(db: Db, actor: Actor, folderId: string, from: number) {
  const first = from === 0;
  const statement = isTransaction(db) ? documentsQuery(db, actor, first).prepare('') : documentStatements(actor, first ? 'first' : 'next', () => named(documentsQuery(db, actor, first)));
  const rows = await statement.execute({ folderId, from });
  const count = rows.length ? Number(rows[0]!.total) : first ? 0 : await countIn(db, actor, folderId);
  return { documents: rows.map(toDocument), count };
}

async function countIn(db: Db, actor: Actor, folderId: string) {
  const own = itemVisible(actor, sql`d.teams`);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sql`${libraryDocuments} d`).where(sql`d.folder_id = ${folderId} and ${own}`);
  return row?.n ?? 0;
}

/**
 * GET /folder/show/{id}, GET /folder/showbyshortlink/{link}: a folder with its sub-folders (read
 * together: a sub-folder the person sees lies in a folder they see) and its first documents.
 */
export async function showFolder({ db }: ServiceDeps<'db'>, actor: Actor, by: { id: string } | { link: string }) {
  const rows = await folders(db, actor, 'id' in by ? 'withChildrenById' : 'withChildrenByLink', by);
  const folder = rows.find((r) => r.parent === null || !rows.some((o) => o.id === r.parent)) ?? null;
  if (!folder || rows.some((r) => r.id !== folder.id && r.parent !== folder.id)) {
    throw await folderRefusal(db, 'id' in by ? sql`${by.id}::uuid` : sql`(select s.id from ${libraryFolders} s where lower(s.short_link) = lower(${by.link}))`);
  }
  const docs = await documentsIn(db, actor, folder.id, 0);
  return { folder: { ...folder, folders: rows.filter((r) => r.id !== folder.id), documents: docs.documents, documentCount: docs.count } };
}

/**
 * Why a folder link does not open: the folder exists but is not for this person (403, without
 * its name or contents), or it is gone (404). Someone holding a link learns whom to ask, not
 * what the folder holds.
 */
async function folderRefusal(db: Db, target: SQL) {
  const [row] = await db.select({ id: sql<string>`f.id` }).from(F).where(sql`f.id = ${target}`);
  return row ? forbidden(MSG.folderNotForYou) : notFound(MSG.folderUnknown);
}

/**
 * GET /document/list/{from}?folder=: a further step of a folder's documents. Without a folder
 * (the spec's `GET /document/list/0`), the top level: its folders, and no documents, because
 * every document lies in a folder.
 */
export async function listDocuments(deps: ServiceDeps<'db'>, actor: Actor, { folderId, from }: { folderId: string | undefined; from: number }) {
  const { db } = deps;
  if (folderId === undefined) return { documents: [], count: 0, ...(await topFolders(deps, actor)) };
  await visibleFolder(db, actor, { id: folderId });
  return documentsIn(db, actor, folderId, from);
}

/** Every named group exists (the arrays carry no foreign key). */
export async function checkTeams({ db }: ServiceDeps<'db'>, lists: string[][]) {
  const ids = [...new Set(lists.flat())];
  if (ids.length === 0) return;
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(userGroups).where(sql`${userGroups.id} = any(${sql.param(ids)}::uuid[])`);
  if ((row?.n ?? 0) !== ids.length) throw badRequest(MSG.teamUnknown);
}

/** The place for a new folder or document: a visible folder the person may upload into. */
export async function uploadTarget({ db }: ServiceDeps<'db'>, actor: Actor, folderId: string) {
  const [row] = await db
    .select({ id: sql<string>`f.id`, name: sql<string>`f.name`, path: sql<string[]>`f.path`, teamsUpload: sql<string[]>`f.teams_upload`, allowed: sql<boolean>`${uploadAllowed(actor, sql`f.teams_upload`)}` })
    .from(F)
    .where(sql`f.id = ${folderId} and ${pathVisible(actor, sql`f.path`)}`);
  if (!row) throw notFound(MSG.folderUnknown);
  if (!row.allowed) throw forbidden(MSG.documentUploadNotAllowed.replace('{name}', row.name));
  return row;
}

/** POST /folder: a folder at the top or in a folder the person may upload into, five levels at most. */
export async function createFolder(deps: ServiceDeps<'db'>, actor: Actor, input: TFolderInput) {
  const { db } = deps;
  await checkTeams(deps, [input.teams, input.teamsUpload]);
  const id = randomUUID();
  await db.transaction(async (tx) => {
    // The parent's path is copied: a move of the parent must not happen in between.
    await lockUntilCommit(tx, LOCK.folderTree);
    const parent = input.parent ? await uploadTarget(withDb(deps, tx), actor, input.parent) : null;
    if (parent && parent.path.length >= FOLDER_MAX_DEPTH) throw badRequest(MSG.folderTooDeep);
    await tx
      .insert(libraryFolders)
      .values({ id, name: input.name, parentId: parent?.id ?? null, path: [...(parent?.path ?? []), id], teams: input.teams, teamsUpload: input.teamsUpload, createdById: actor.userId })
      .catch(folderTaken);
  });
  return { folder: await visibleFolder(db, actor, { id }) };
}

/**
 * PUT /folder: name, groups and place of a folder. A move takes the sub-tree along (their paths
 * change in one statement), never into itself, never deeper than five levels. Moves wait for
 * each other on every instance: two checked at once could put two folders into each other, or
 * write a path the other just changed.
 */
export async function updateFolder(deps: ServiceDeps<'db'>, actor: Actor, { id, folder: input }: { id: string; folder: TFolderInput }) {
  const { db } = deps;
  await checkTeams(deps, [input.teams, input.teamsUpload]);
  await db.transaction(async (tx) => {
    await lockUntilCommit(tx, LOCK.folderTree);
    const current = await visibleFolder(tx, actor, { id });
    if (input.parent !== current.parent) {
      const parent = input.parent ? await uploadTarget(withDb(deps, tx), actor, input.parent) : null;
      if (parent?.path.includes(id)) throw badRequest(MSG.folderMoveInside);
      const [deepest] = await tx.select({ depth: sql<number>`max(cardinality(path))::int` }).from(libraryFolders).where(sql`${libraryFolders.path} @> array[${id}]::uuid[]`);
      const below = (deepest?.depth ?? current.depth) - current.depth;
      if ((parent?.path.length ?? 0) + 1 + below > FOLDER_MAX_DEPTH) throw badRequest(MSG.folderTooDeep);
      const prefix = parent?.path ?? [];
      await tx
        .update(libraryFolders)
        .set({ path: sql`${sql.param(prefix)}::uuid[] || path[${current.depth}:]`, parentId: sql`case when id = ${id} then ${parent?.id ?? null}::uuid else parent_id end` })
        .where(sql`${libraryFolders.path} @> array[${id}]::uuid[]`)
        .catch(folderTaken);
    }
    await tx.update(libraryFolders).set({ name: input.name, teams: input.teams, teamsUpload: input.teamsUpload, updatedAt: new Date() }).where(eq(libraryFolders.id, id)).catch(folderTaken);
  });
  return { folder: await visibleFolder(db, actor, { id }) };
}

/** The stored bytes of documents: removed after the rows are gone, so a failure leaves only orphan bytes, never a broken link. */
async function removeBytes(storage: Storage, keys: string[]) {
  for (const key of keys) await storage.remove(key).catch(() => undefined);
}

/** DELETE /folder/{id}: the folder with everything inside it. */
export async function deleteFolder({ db, storage }: ServiceDeps<'db' | 'storage'>, actor: Actor, id: string) {
  await visibleFolder(db, actor, { id });
  const keys = await db.transaction(async (tx) => {
    // Nothing may be moved into the sub-tree while its contents are collected.
    await lockUntilCommit(tx, LOCK.folderTree);
    const inside = sql`(select s.id from ${libraryFolders} s where s.path @> array[${id}]::uuid[])`;
    const docs = await tx.delete(libraryDocuments).where(sql`${libraryDocuments.folderId} in ${inside}`).returning({ fileId: libraryDocuments.fileId });
    await tx.delete(libraryFolders).where(eq(libraryFolders.id, id));
    if (docs.length === 0) return [];
    const gone = await tx.delete(files).where(sql`${files.id} = any(${sql.param(docs.map((d) => d.fileId))}::uuid[])`).returning({ key: files.storageKey });
    return gone.map((g) => g.key);
  });
  await removeBytes(storage, keys);
  return { ok: true };
}

/** A document the person sees; 404 otherwise. */
export async function visibleDocument({ db }: ServiceDeps<'db'>, actor: Actor, by: { id: string } | { link: string }) {
  const match = 'id' in by ? sql`d.id = ${by.id}` : sql`lower(d.short_link) = lower(${by.link})`;
  const [row] = await db
    .select({ ...documentColumns, fileId: sql<string>`d.file_id` })
    .from(D)
    .where(sql`${match} and ${documentVisible(actor, sql`f.path`, sql`d.teams`)}`);
  if (!row) throw notFound(MSG.documentUnknown);
  return row;
}

/** A document as its editor sees it after a change, whether or not its new groups still admit them. */
export async function loadDocument({ db }: ServiceDeps<'db'>, id: string) {
  const [row] = await db.select(documentColumns).from(sql`${libraryDocuments} d`).where(sql`d.id = ${id}`);
  if (!row) throw notFound(MSG.documentUnknown);
  return toDocument(row);
}

/** DELETE /document/{id}. */
export async function deleteDocument(deps: ServiceDeps<'db' | 'storage'>, actor: Actor, id: string) {
  const { db, storage } = deps;
  const doc = await visibleDocument(deps, actor, { id });
  const keys = await db.transaction(async (tx) => {
    await tx.delete(libraryDocuments).where(eq(libraryDocuments.id, id));
    return (await tx.delete(files).where(eq(files.id, doc.fileId)).returning({ key: files.storageKey })).map((g) => g.key);
  });
  await removeBytes(storage, keys);
  return { ok: true };
}

/** PUT /documentsl/{id}, PUT /foldersl/{id}: the short link, unique in its kind ('' removes it). */
export async function setShortLink(deps: ServiceDeps<'db'>, actor: Actor, { kind, id, link }: { kind: 'document' | 'folder'; id: string; link: string }) {
  const { db } = deps;
  const value = link === '' ? null : link;
  if (kind === 'document') {
    await visibleDocument(deps, actor, { id });
    await db.update(libraryDocuments).set({ shortLink: value }).where(eq(libraryDocuments.id, id)).catch(linkTaken);
    return { document: await loadDocument(deps, id) };
  }
  await visibleFolder(db, actor, { id });
  await db.update(libraryFolders).set({ shortLink: value }).where(eq(libraryFolders.id, id)).catch(linkTaken);
  return { folder: await visibleFolder(db, actor, { id }) };
}

/** The download of a document by id or short link: its stored file, for who sees it. */
export async function documentFile(deps: ServiceDeps<'db'>, actor: Actor, token: string) {
  const { db } = deps;
  const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(token);
  const doc = await visibleDocument(deps, actor, isId ? { id: token.toLowerCase() } : { link: token }).catch(async (error: unknown) => {
    // A short link may look like an id.
    if (isId) return visibleDocument(deps, actor, { link: token });
    throw error;
  });
  const [file] = await db.select({ storageKey: files.storageKey, mimeType: files.mimeType, size: files.size }).from(files).where(eq(files.id, doc.fileId));
  if (!file) throw notFound(MSG.documentUnknown);
  const name = doc.name.toLowerCase().endsWith(`.${doc.type}`) ? doc.name : `${doc.name}.${doc.type}`;
  return { ...file, name };
}

/** Where a request's values go in the search's statement: filled in per request. */
const SEARCH_VALUES = { like: sql.placeholder('like'), text: sql.placeholder('text'), typed: sql.placeholder('typed'), from: sql.placeholder('from') };
const dialect = new PgDialect();
const literal = (n: number) => sql.raw(String(n));
/** Folders by name on the first page of a search. */
const SEARCH_FOLDERS = 20;

/**
 * The statement of one person's search, built once per cached person (their groups fixed in it),
 * sent as a named prepared statement: PostgreSQL parses and plans it once per connection. A change
 * of groups replaces the cached person (platform/actor-cache.ts), and with it this cache.
 *
 * Matches are read by name (trigram index) and by text (full-text index), each up to one more than
 * DOCUMENT_SEARCH_CAP visible ones; every candidate's folder path is checked as it is read, so a
 * common word costs the cap, not its thousands of matches or a walk of every folder. Only these are
 * ranked (a name match first), and the pages go through the best DOCUMENT_SEARCH_CAP of them.
 */
const searchStatements = builtPerActor<{ sql: string; params: unknown[] }>();
const searchStatement = (actor: Actor) => searchStatements(actor, 'page', () => dialect.sqlToQuery(searchSql(actor)));
function searchSql(actor: Actor): SQL {
  const { like, text, typed, from } = SEARCH_VALUES;
  // Each use of the query is a one-row subquery: parsed once per statement, not once per row.
  const query = sql`(select websearch_to_tsquery('search_de', ${text}::text))`;
  const byName = sql`lower(d.name) like ${like}::text`;
  const candidates = (where: SQL) =>
    sql`select d.id, d.ctid as tid from ${libraryDocuments} d join ${libraryFolders} f on f.id = d.folder_id
      where ${where} and ${documentVisible(actor, sql`f.path`, sql`d.teams`)} limit ${literal(DOCUMENT_SEARCH_CAP + 1)}`;
  return sql`with n as materialized (${candidates(byName)}),
    t as materialized (${candidates(sql`d.search @@ ${query} and not ${byName}`)}),
    w as (select n.id, n.tid, 1 as by_name from n union all select t.id, t.tid, 0 from t),
    r as materialized (
      -- A vector is read again by its row address (ctid): one page, no index descent.
      select w.id, w.by_name + (select ts_rank(x.search, ${query}) from ${libraryDocuments} x where x.ctid = w.tid) as rank
      from w order by 2 desc, w.id limit ${literal(DOCUMENT_SEARCH_CAP)}),
    p as materialized (select r.id, r.rank from r order by r.rank desc, r.id limit ${literal(DOCUMENT_SEARCH_PAGE_SIZE)} offset ${from}::int)
    select (select count(*) from w)::int as found,
      (select coalesce(json_agg(json_build_object('id', d.id, 'name', d.name, 'type', d.type, 'size', d.size, 'parent', d.folder_id, 'teams', d.teams,
          'shortLink', d.short_link, 'createdBy', d.created_by_name, 'createdAt', d.created_at, 'updatedAt', d.updated_at, 'breadCrumb', ${breadCrumbOf(sql`f.path`)},
          'snippet', case when d.search @@ ${query} then ${passage(sql`d.content`, { query, typed: sql`${typed}::text[]` })} else '' end)
          order by p.rank desc, d.id), '[]')
        from p join ${libraryDocuments} d on d.id = p.id join ${libraryFolders} f on f.id = d.folder_id) as documents,
      -- Folders by name, on the first page only.
      (select coalesce(json_agg(json_build_object('id', h.id, 'name', h.name, 'breadCrumb', ${breadCrumbOf(sql`h.path`)}) order by lower(h.name), h.id), '[]')
        from (select f.id, f.name, f.path from ${libraryFolders} f where ${from}::int = 0 and lower(f.name) like ${like}::text and ${pathVisible(actor, sql`f.path`)}
          order by lower(f.name), f.id limit ${literal(SEARCH_FOLDERS)}) h) as folders`;
}

type Crumbs = [string, string][];
interface SearchRow {
  found: number;
  documents: (Parameters<typeof toDocument>[0] & { breadCrumb: Crumbs; snippet: string })[];
  folders: { id: string; name: string; breadCrumb: Crumbs }[];
}

/**
 * POST /documentsearch/{term}: folders by name, documents by name and by the text inside them
 * (German full-text search: 'Kassen' finds 'Kasse'), best matches first, with the passage that
 * matched; DOCUMENT_SEARCH_PAGE_SIZE documents from `from`. Only what the person sees; the passages
 * are cut for the page's rows only. Like the portal search, it counts and ranks up to
 * DOCUMENT_SEARCH_CAP matches and says when there are more (`capped`): a search is narrowed by
 * typing (docs/decisions/documents-suche.md).
 */
export async function search({ db }: ServiceDeps<'db'>, actor: Actor, { term, from }: { term: string; from: number }) {
  const t = term.trim();
  if (t.length < DOCUMENT_SEARCH_MIN) throw badRequest(MSG.documentSearchShort);
  const built = searchStatement(actor);
  const params = fillPlaceholders(built.params, { like: likeTerm(t.toLowerCase()), text: t, typed: typedWords(t), from: Math.min(from, DOCUMENT_SEARCH_CAP) });
  const [row] = await preparedTextRows<SearchRow>(db, built.sql, params);
  const crumbs = (c: Crumbs) => c.map(([id, name]) => ({ id, name }));
  return {
    folders: row!.folders.map((f) => ({ ...f, breadCrumb: crumbs(f.breadCrumb) })),
    documents: row!.documents.map((d) => ({ ...toDocument(d), breadCrumb: crumbs(d.breadCrumb), snippet: d.snippet.replace(/\s+/g, ' ').trim() })),
    count: Math.min(row!.found, DOCUMENT_SEARCH_CAP),
    capped: row!.found > DOCUMENT_SEARCH_CAP,
  };
}
