import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { ADVERTISING_PAGE_SIZE, type AdvertisingFileKind, type TAdvertising, type TAdvertisingFields, type TUpdateAdvertising } from '@filialportal/core/advertising';
import { MSG } from '@filialportal/core/messages';
import type { Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { berlinInstant, formatDate, todayIso } from '../../platform/dates.ts';
import { notFound } from '../../platform/errors.ts';
import { files } from '../../platform/files.table.ts';
import { pageSize } from '../../platform/paging.ts';
import { builtPerActor, named } from '../../platform/prepared.ts';
import { scopeOf, scopeWhere, type ScopeRule } from '../../platform/scope.ts';
import type { Storage } from '../../platform/storage.ts';
import { commitFile, deleteFile, discardFiles, orDiscard, stageFile, type StagedFile, type UploadedFile } from '../../platform/uploads.ts';
import { seenMarkers } from '../seen/index.ts';
import { ADVERTISING_UPLOAD } from './advertising-files.ts';
import { advertisings } from './advertising.table.ts';

/**
 * Which entries a person sees (spec 2 §6): with werbung_alle_sehen every entry, upcoming ones
 * too; everyone else (werbung_ver_ffentlichte_sehen) those whose showFrom day has begun in
 * Europe/Berlin (`visibleFrom`).
 */
const ADVERTISING_SCOPE: ScopeRule = { all: true, publishedFrom: { before: ['werbung_alle_sehen'] } };

/** The entries the person sees, as a condition on advertisings (list, entry, file, export). */
export const visibleWhere = (actor: Actor): SQL | undefined => scopeWhere(scopeOf(actor, ADVERTISING_SCOPE), { publishedFrom: advertisings.visibleFrom });

/**
 * New since the last visit: entries that went live after it, and for who sees upcoming entries
 * too, entries created after it. Who never opened the page sees the last two weeks as new. The
 * visit is read inside the statement (the person's id a placeholder).
 */
function newWhere(): SQL {
  const since = sql`coalesce((select s.seen_at from ${seenMarkers} s where s.user_id = ${sql.placeholder('userId')} and s.page = 'advertising'), now() - interval '14 days')`;
  return or(
    sql`${advertisings.visibleFrom} <= now() and greatest(${advertisings.visibleFrom}, ${advertisings.createdAt}) > ${since}`,
    sql`${advertisings.visibleFrom} > now() and ${advertisings.createdAt} > ${since}`,
  )!;
}

const columns = {
  id: advertisings.id,
  title: advertisings.title,
  articles: advertisings.articles,
  dateFrom: advertisings.dateFrom,
  dateTill: advertisings.dateTill,
  showFrom: advertisings.showFrom,
  name: advertisings.name,
  fileKind: advertisings.fileKind,
  mimeType: advertisings.mimeType,
  size: advertisings.size,
  thumbnailFileId: advertisings.thumbnailFileId,
};
type Row = SelectResultFields<typeof columns>;

function toDto(r: Row, today: string): TAdvertising {
  return {
    id: r.id,
    __identity: r.id,
    name: r.name,
    title: r.title,
    articles: r.articles,
    dateFrom: r.dateFrom,
    dateTill: r.dateTill,
    showFrom: r.showFrom,
    dateFromFormated: formatDate(r.dateFrom),
    dateTillFormated: formatDate(r.dateTill),
    showFromFormated: formatDate(r.showFrom),
    fileKind: r.fileKind as AdvertisingFileKind,
    mimeType: r.mimeType,
    size: r.size,
    resourceUri: `/api/advertising/${r.id}/file`,
    thumbnailUri: r.thumbnailFileId ? `/api/advertising/${r.id}/thumbnail` : null,
    published: r.showFrom <= today,
  };
}

/** GET /advertising/list/{from}: newest showFrom first; rows, total and new ones in one statement, prepared once per person. */
export async function listAdvertising({ db }: ServiceDeps<'db'>, actor: Actor, { from }: { from: number }) {
  const first = from === 0;
  const values = { userId: actor.userId, from };
  const rows = await pageStatements(actor, first ? 'first' : 'next', () => named(listParts(db, actor).page(first))).execute(values);
  const today = todayIso();
  if (rows.length > 0) return { advertisings: rows.map((r) => toDto(r, today)), count: rows[0]!.total, new: rows[0]!.fresh };
  const [counts] = await countStatements(actor, 'counts', () => named(listParts(db, actor).counts())).execute(values);
  return { advertisings: [], count: counts?.total ?? 0, new: counts?.fresh ?? 0 };
}

/**
 * The list's statements over placeholders (the person's id, the offset): their text depends only
 * on whether the person sees upcoming entries, so everyone alike shares one prepared statement.
 */
function listParts(db: Db, actor: Actor) {
  const where = visibleWhere(actor);
  const counts = {
    total: sql<number>`(${db.select({ n: count() }).from(advertisings).where(where)})`.mapWith(Number),
    fresh: sql<number>`(${db.select({ n: count() }).from(advertisings).where(and(where, newWhere()))})`.mapWith(Number),
  };
  return {
    page: (first: boolean) =>
      db
        .select({ ...columns, ...counts })
        .from(advertisings)
        .where(where)
        .orderBy(desc(advertisings.showFrom), desc(advertisings.createdAt), desc(advertisings.id))
        .limit(pageSize(ADVERTISING_PAGE_SIZE))
        .offset(first ? pageSize(0) : sql.placeholder('from')),
    counts: () => db.select(counts).from(sql`(select 1) one`),
  };
}

type ListParts = ReturnType<typeof listParts>;
const pageStatements = builtPerActor<ReturnType<typeof named<ReturnType<ListParts['page']>>>>();
const countStatements = builtPerActor<ReturnType<typeof named<ReturnType<ListParts['counts']>>>>();

/** One entry the person may see, or 404 (also for upcoming entries they may not see yet). */
export async function getAdvertising({ db }: ServiceDeps<'db'>, actor: Actor, id: string): Promise<TAdvertising> {
  const [row] = await db.select(columns).from(advertisings).where(and(eq(advertisings.id, id), visibleWhere(actor)));
  if (!row) throw notFound(MSG.advertisingUnknown);
  return toDto(row, todayIso());
}

const fieldValues = (input: TAdvertisingFields) => ({
  title: input.title,
  articles: input.articles,
  dateFrom: input.dateFrom,
  dateTill: input.dateTill,
  showFrom: input.showFrom,
  visibleFrom: berlinInstant(input.showFrom),
});

/** POST /advertising: entry and file in one call; a refused file or failed save leaves nothing behind. */
export async function createAdvertising(deps: ServiceDeps<'db' | 'storage'>, actor: Actor, { advertising: input, file }: { advertising: TAdvertisingFields; file: UploadedFile }) {
  const { db, storage } = deps;
  const staged = await stageFile(storage, file, ADVERTISING_UPLOAD);
  const id = await orDiscard(storage, [staged], () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(advertisings)
        .values({ ...fieldValues(input), ...(await fileColumns(tx, staged, actor.userId)), createdBy: actor.userId })
        .returning({ id: advertisings.id });
      return row!.id;
    }),
  );
  return { advertising: await getAdvertising(deps, actor, id) };
}

/** The file columns of an entry, its staged file committed in the entry's transaction. */
async function fileColumns(tx: Db, staged: StagedFile, userId: string) {
  return { ...(await commitFile(tx, staged, userId)), name: staged.name, fileKind: staged.kind, mimeType: staged.mimeType, size: staged.size };
}

/**
 * PUT /advertising: the fields of an entry (`__identity`), and with a file (spec shape) its new
 * file, in one transaction; the old file's bytes go once the new ones are recorded. Without a
 * file the file stays.
 */
export async function updateAdvertising(deps: ServiceDeps<'db' | 'storage'>, actor: Actor, { advertising: input, file }: { advertising: TUpdateAdvertising; file?: UploadedFile }) {
  return saveEntry(deps, actor, input.__identity, input, file);
}

/** POST /advertising/{id}/file: a new file for an entry; the old one goes only once the new one is saved. */
export async function replaceAdvertisingFile(deps: ServiceDeps<'db' | 'storage'>, actor: Actor, { id, file }: { id: string; file: UploadedFile }) {
  return saveEntry(deps, actor, id, null, file);
}

async function saveEntry(deps: ServiceDeps<'db' | 'storage'>, actor: Actor, id: string, fields: TAdvertisingFields | null, file: UploadedFile | undefined) {
  const { db, storage } = deps;
  let staged: StagedFile | null = null;
  let old: { fileId: string; thumbnailFileId: string | null };
  try {
    const [exists] = await db.select({ id: advertisings.id }).from(advertisings).where(eq(advertisings.id, id));
    if (!exists) throw notFound(MSG.advertisingUnknown);
    staged = file ? await stageFile(storage, file, ADVERTISING_UPLOAD) : null;
    old = await db.transaction(async (tx) => {
      const [before] = await tx.select({ fileId: advertisings.fileId, thumbnailFileId: advertisings.thumbnailFileId }).from(advertisings).where(eq(advertisings.id, id)).for('update');
      if (!before) throw notFound(MSG.advertisingUnknown);
      await tx
        .update(advertisings)
        .set({ ...(fields ? fieldValues(fields) : {}), ...(staged ? await fileColumns(tx, staged, actor.userId) : {}) })
        .where(eq(advertisings.id, id));
      return before;
    });
  } catch (err) {
    await discardFiles(storage, [staged ?? file]);
    throw err;
  }
  if (staged) await removeFiles(db, storage, [old.fileId, old.thumbnailFileId]);
  return { advertising: await getAdvertising(deps, actor, id) };
}

/** DELETE /advertising/{id}: the entry, its file and thumbnail with their stored bytes. */
export async function deleteAdvertising({ db, storage }: ServiceDeps<'db' | 'storage'>, id: string) {
  const [row] = await db.delete(advertisings).where(eq(advertisings.id, id)).returning({ fileId: advertisings.fileId, thumbnailFileId: advertisings.thumbnailFileId });
  if (!row) throw notFound(MSG.advertisingUnknown);
  await removeFiles(db, storage, [row.fileId, row.thumbnailFileId]);
}

async function removeFiles(db: Db, storage: Storage, ids: (string | null)[]) {
  for (const id of ids) if (id) await deleteFile(db, storage, id);
}

/**
 * GET /advertising/{id}/file and …/thumbnail: the stored file of an entry the person may see;
 * 404 for everyone else (whether it exists is not told).
 */
export async function advertisingFileFor({ db }: ServiceDeps<'db'>, actor: Actor, { id, thumbnail }: { id: string; thumbnail: boolean }) {
  const [row] = await db
    .select({ storageKey: files.storageKey, name: files.name, mimeType: files.mimeType, size: files.size })
    .from(advertisings)
    .innerJoin(files, eq(files.id, thumbnail ? advertisings.thumbnailFileId : advertisings.fileId))
    .where(and(eq(advertisings.id, id), visibleWhere(actor)));
  if (!row) throw notFound(MSG.advertisingUnknown);
  return row;
}
