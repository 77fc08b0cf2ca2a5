import { and, count, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MSG } from '@filialportal/core/messages';
import {
  monthsBefore,
  NEWS_CATEGORIES,
  NEWS_MAX_MONTHS_AHEAD,
  NEWS_MAX_MONTHS_BACK,
  newsDateTooEarly,
  newsMinDate,
  type NewsCategory,
  type TNewsItem,
  type TNewsRequest,
} from '@filialportal/core/news';
import { can, type Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import { type ServiceDeps, withDb } from '../../platform/deps.ts';
import { berlinInstant, formatDate, TODAY_IN_DATABASE, todayIso } from '../../platform/dates.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { files } from '../../platform/files.table.ts';
import { pageSize, totalColumn, totalOf } from '../../platform/paging.ts';
import { builtPerActor, named } from '../../platform/prepared.ts';
import { scopeOf, scopeWhere, type ScopeRule } from '../../platform/scope.ts';
import type { Storage } from '../../platform/storage.ts';
import { deleteFile, orDiscard, storedFile } from '../../platform/uploads.ts';
import { locations } from '../locations/index.ts';
import { trainings } from '../trainings/index.ts';
import { userGroups } from '../teams/index.ts';
import { users } from '../users/index.ts';
import { seenAt } from '../seen/index.ts';
import { attachmentColumns, stageAttachment } from './news-files.ts';
import { notifySavedNews } from './news-notices.ts';
import { sanitizeNewsHtml } from './sanitize.ts';
import { comments, likes, news, newsConfirmations } from './news.table.ts';

const creator = alias(users, 'news_creator');
const attachment = alias(files, 'news_file');
export const NEWS_ENTITY = 'News' as const;

/**
 * Which news a person sees (spec 3 §6): with neuigkeiten_alle_sehen all of it; otherwise news
 * whose audience (group or parent group × home or current location, an empty list not
 * restricting) reaches the person, plus what the person wrote. Scheduled news stays hidden until
 * its time except for editors. `recipientsWhere` (recipients.ts) asks the same audience the other
 * way round: who receives one item.
 */
const NEWS_SCOPE: ScopeRule = {
  all: 'neuigkeiten_alle_sehen',
  audience: { groupTree: userGroups },
  self: true,
  withSelectedLocation: true,
  publishedFrom: { before: ['neuigkeiten_erstellen', 'neuigkeiten_bearbeiten'] },
};
const NEWS_COLUMNS = { userId: news.createdBy, audience: { groups: news.teams, locations: news.locations }, publishedFrom: news.publishedAt };

/** The news the person sees, as a condition on news (lists, the detail, reactions, downloads). */
export const visibleWhere = (actor: Actor): SQL | undefined => scopeWhere(scopeOf(actor, NEWS_SCOPE), NEWS_COLUMNS);

/** The first day that is not archived yet: news dated before it, or whose 'until' passed, is archive. */
export const archiveCutoff = () => newsMinDate(todayIso());
/**
 * The same boundary of a day in SQL: PostgreSQL clamps to the month's end as newsMinDate does
 * (31.07. − 5 months → 28.02.). The lists name it in the statement rather than pass it as a value,
 * so their plans are made once (docs/decisions/generische-plaene.md).
 */
export const cutoffOf = (day: SQL) => sql`(${day} - interval '${sql.raw(String(NEWS_MAX_MONTHS_BACK))} months')::date`;
const CUTOFF_IN_DATABASE = cutoffOf(TODAY_IN_DATABASE);
const currentWhere = and(gte(news.date, CUTOFF_IN_DATABASE), or(sql`${news.until} is null`, gte(news.until, TODAY_IN_DATABASE)));
export const archiveWhere = or(lt(news.date, CUTOFF_IN_DATABASE), lt(news.until, TODAY_IN_DATABASE));

/** The columns of a news item as lists and the detail show it, for the asking person. */
function itemColumns(actor: Actor) {
  return {
    id: news.id,
    title: news.title,
    text: news.text,
    date: news.date,
    time: news.time,
    until: news.until,
    publishedAt: news.publishedAt,
    category: news.category,
    teams: news.teams,
    locations: news.locations,
    fileId: news.fileId,
    fileName: attachment.name,
    fileKind: news.fileKind,
    thumbnailFileId: news.thumbnailFileId,
    dominantColor: news.dominantColor,
    preview: news.preview,
    linkId: news.linkId,
    requiresConfirmation: news.requiresConfirmation,
    createdById: news.createdBy,
    creatorFirst: creator.firstName,
    creatorLast: creator.lastName,
    commentCount: sql<number>`(select count(*)::int from ${comments} c where c.entity = ${NEWS_ENTITY} and c.entity_id = ${news.id})`,
    likeCount: sql<number>`(select count(*)::int from ${likes} l where l.entity = ${NEWS_ENTITY} and l.entity_id = ${news.id})`,
    liked: sql<boolean>`exists(select 1 from ${likes} l where l.entity = ${NEWS_ENTITY} and l.entity_id = ${news.id} and l.user_id = ${actor.userId})`,
    confirmed: sql<boolean>`exists(select 1 from ${newsConfirmations} nc where nc.news_id = ${news.id} and nc.user_id = ${actor.userId})`,
  };
}

export const resourceUri = (fileId: string | null) => (fileId ? `/api/download/resource/${fileId}` : null);

type ItemRow = Awaited<ReturnType<typeof itemsQuery>>[number];

function toItem(actor: Actor, r: ItemRow, cutoff: string, today: string): TNewsItem {
  return {
    id: r.id,
    title: r.title,
    text: r.text,
    date: r.date,
    time: r.time,
    dateFormated: r.time ? `${formatDate(r.date)} ${r.time}` : formatDate(r.date),
    until: r.until,
    publishedAt: r.publishedAt,
    category: r.category as NewsCategory,
    teams: r.teams,
    locations: r.locations,
    fileName: r.fileId ? r.fileName : null,
    fileKind: r.fileId ? (r.fileKind as TNewsItem['fileKind']) : null,
    resourceUri: resourceUri(r.fileId),
    thumbnailUri: resourceUri(r.thumbnailFileId),
    dominantBackgroundColor: r.dominantColor,
    preview: r.preview,
    createdBy: r.creatorFirst ? `${r.creatorFirst} ${r.creatorLast}` : MSG.deletedUser,
    createdById: r.createdById,
    commentCount: r.commentCount,
    likeCount: can(actor, 'likes_can_see') ? r.likeCount : null,
    liked: r.liked,
    linkId: r.linkId,
    requiresConfirmation: r.requiresConfirmation,
    confirmed: r.confirmed,
    scheduled: r.publishedAt.getTime() > Date.now(),
    archived: r.date < cutoff || (r.until !== null && r.until < today),
  };
}

function itemsQuery(db: Db, actor: Actor, total: SQL<number> = totalColumn(null)) {
  return db
    .select({ ...itemColumns(actor), total })
    .from(news)
    .leftJoin(attachment, eq(attachment.id, news.fileId))
    .leftJoin(creator, eq(creator.id, news.createdBy));
}

export interface NewsListQuery {
  from: number;
  limit: number;
  archive: boolean;
  category: NewsCategory | null;
}

/** GET /news/list/{from}: newest first, one category or all; rows and total in one statement. */
export async function listNews({ db }: ServiceDeps<'db'>, actor: Actor, q: NewsListQuery) {
  if (q.archive && !can(actor, 'news_archive_can_see')) throw forbidden();
  const cutoff = archiveCutoff();
  const today = todayIso();
  const shape: ListShape = { archive: q.archive, category: q.category !== null, limit: q.limit, first: q.from === 0 };
  const values = { from: q.from, category: q.category };
  const rows = await listStatements(actor, JSON.stringify(shape), () => named(listPage(db, actor, shape, LIST_PLACEHOLDERS).page)).execute(values);
  // A page past the end has no row to carry the total: counted on its own (rarely).
  const count = await totalOf(rows, rows.length ? Promise.resolve([]) : listPage(db, actor, shape, values).countQuery);
  return { news: rows.map((r) => toItem(actor, r, cutoff, today)), count };
}

/** Which filters a list request sets and how long its page is (1–50): one statement per person and shape. */
interface ListShape {
  archive: boolean;
  category: boolean;
  limit: number;
  /** The first page has no offset in its text: with `offset $n` the planner never keeps a plan. */
  first: boolean;
}
type ListValues = Record<'from' | 'category', unknown>;
const LIST_PLACEHOLDERS: ListValues = { from: sql.placeholder('from'), category: sql.placeholder('category') };

/**
 * The list's page with its total, over placeholders (built once per person and shape and prepared
 * by name, so neither Node nor the database builds or plans it per request) or over one request's
 * values. The archive boundary is the database's today: the statement outlives the day.
 */
function listPage(db: Db, actor: Actor, shape: ListShape, v: ListValues) {
  const where = and(visibleWhere(actor), shape.archive ? archiveWhere : currentWhere, shape.category ? eq(news.category, v.category as NewsCategory) : undefined);
  const countQuery = db.select({ n: count() }).from(news).where(where);
  const page = itemsQuery(db, actor, totalColumn(countQuery))
    .where(where)
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(pageSize(shape.limit))
    .offset(shape.first ? pageSize(0) : (v.from as number));
  return { page, countQuery };
}

const listStatements = builtPerActor<ReturnType<ReturnType<typeof listPage>['page']['prepare']>>();

/** A page of items newest first, with the total of `where`, in one statement. */
async function newsPage(db: Db, actor: Actor, where: SQL | undefined, page: { limit: number; offset: number }, cutoff: string, today: string) {
  const countQuery = db.select({ n: count() }).from(news).where(where);
  const rows = await itemsQuery(db, actor, totalColumn(countQuery)).where(where).orderBy(desc(news.publishedAt), desc(news.id)).limit(page.limit).offset(page.offset);
  return { news: rows.map((r) => toItem(actor, r, cutoff, today)), count: await totalOf(rows, countQuery) };
}

/** One news item the person may see, or 404 (also for items that exist but are not for them). */
export async function getNews({ db }: ServiceDeps<'db'>, actor: Actor, id: string): Promise<TNewsItem> {
  const [row] = await itemsQuery(db, actor).where(and(eq(news.id, id), visibleWhere(actor)));
  if (!row) throw notFound();
  return toItem(actor, row, archiveCutoff(), todayIso());
}

/** Whether the person may see the news item (likes, comments and downloads ask this). */
export async function canSeeNews({ db }: ServiceDeps<'db'>, actor: Actor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: news.id }).from(news).where(and(eq(news.id, id), visibleWhere(actor)));
  return row !== undefined;
}

/** Throws 404 unless the person may see the news item. */
export async function requireVisibleNews(deps: ServiceDeps<'db'>, actor: Actor, id: string) {
  if (!(await canSeeNews(deps, actor, id))) throw notFound();
}

/** GET /news/unseen: visible, published news that appeared after the person last saw news. */
export async function unseenNews({ db }: ServiceDeps<'db'>, actor: Actor) {
  const since = await seenAt({ db }, actor, 'news');
  // Someone who never opened news sees the last two weeks, not the whole history.
  const from = since ?? new Date(Date.now() - 14 * 86_400_000);
  const cutoff = archiveCutoff();
  const today = todayIso();
  const appeared = sql`greatest(${news.publishedAt}, ${news.createdAt})`;
  const where = and(visibleWhere(actor), lte(news.publishedAt, sql`now()`), sql`${appeared} > ${from.toISOString()}`, currentWhere);
  return newsPage(db, actor, where, { limit: 20, offset: 0 }, cutoff, today);
}

/** The date rules (spec 3 §5): at most 5 months back (an unchanged date may stay), at most two years ahead. */
function checkDates(input: TNewsRequest, previousDate: string | null) {
  const today = todayIso();
  if (newsDateTooEarly(input.date, today, previousDate)) throw badRequest(MSG.newsDateTooEarly);
  if (input.date > monthsBefore(today, -NEWS_MAX_MONTHS_AHEAD)) throw badRequest(MSG.newsDateTooLate);
  if (input.until && input.until > monthsBefore(today, -NEWS_MAX_MONTHS_AHEAD - 12)) throw badRequest(MSG.newsDateTooLate);
}

/** Every chosen group and location exists (and the linked training, when one is named). */
export async function checkTargets({ db }: ServiceDeps<'db'>, input: Pick<TNewsRequest, 'teams' | 'locations'> & { linkId?: string | null }) {
  const [g] = input.teams.length ? await db.select({ n: count() }).from(userGroups).where(inArray(userGroups.id, input.teams)) : [{ n: 0 }];
  const [l] = input.locations.length ? await db.select({ n: count() }).from(locations).where(inArray(locations.id, input.locations)) : [{ n: 0 }];
  if (g!.n !== input.teams.length || l!.n !== input.locations.length) throw badRequest(MSG.newsTargetUnknown);
  if (input.linkId && (await db.select({ id: trainings.id }).from(trainings).where(eq(trainings.id, input.linkId))).length === 0) throw badRequest(MSG.newsLinkUnknown);
}

function fields(input: TNewsRequest) {
  return {
    title: input.title,
    text: sanitizeNewsHtml(input.text),
    category: input.category ?? NEWS_CATEGORIES[0],
    date: input.date,
    time: input.time ?? null,
    publishedAt: berlinInstant(input.date, input.time ?? '00:00'),
    until: input.until ?? null,
    teams: input.teams,
    locations: input.locations,
    preview: input.preview,
    linkId: input.linkId ?? null,
    requiresConfirmation: input.requiresConfirmation,
  };
}

/** POST /news. */
export async function createNews(deps: ServiceDeps<'db' | 'storage' | 'live' | 'background' | 'config' | 'mailer' | 'log'>, actor: Actor, input: TNewsRequest) {
  const { db, storage } = deps;
  checkDates(input, null);
  await checkTargets(deps, input);
  const values = fields(input);
  if (htmlIsEmpty(values.text)) throw badRequest(MSG.newsTextRequired);
  // The attachment is staged first and recorded with the item; should the insert fail, its bytes go.
  const staged = input.file ? await stageAttachment(deps, { data: input.file, fileName: input.fileName ?? '' }) : null;
  const id = await orDiscard(storage, [staged], () =>
    db.transaction(async (tx) => {
      const fileValues = staged ? await attachmentColumns(withDb(deps, tx), { staged, userId: actor.userId }) : {};
      const [row] = await tx
        .insert(news)
        .values({ ...values, createdBy: actor.userId, ...fileValues })
        .returning({ id: news.id });
      return row!.id;
    }),
  );
  await notifySavedNews(deps, id);
  return { news: await getNews(deps, actor, id) };
}

/** PUT /news: `file` absent keeps the attachment, null removes it, data replaces it. */
export async function updateNews(deps: ServiceDeps<'db' | 'storage' | 'live' | 'background' | 'config' | 'mailer' | 'log'>, actor: Actor, input: TNewsRequest) {
  const { db, storage } = deps;
  if (!input.id) throw badRequest(MSG.badRequest);
  const [old] = await db.select({ date: news.date, fileId: news.fileId, thumbnailFileId: news.thumbnailFileId }).from(news).where(eq(news.id, input.id));
  if (!old) throw notFound();
  checkDates(input, old.date);
  await checkTargets(deps, input);
  const values = fields(input);
  if (htmlIsEmpty(values.text)) throw badRequest(MSG.newsTextRequired);
  const staged = input.file ? await stageAttachment(deps, { data: input.file, fileName: input.fileName ?? '' }) : null;
  const replace = staged !== null || input.file === null;
  const id = input.id;
  await orDiscard(storage, [staged], () =>
    db.transaction(async (tx) => {
      const noFile = { fileId: null, fileKind: null, thumbnailFileId: null, dominantColor: null };
      const fileValues = staged ? await attachmentColumns(withDb(deps, tx), { staged, userId: actor.userId }) : replace ? noFile : {};
      const [row] = await tx.update(news).set({ ...values, ...fileValues }).where(eq(news.id, id)).returning({ id: news.id });
      if (!row) throw notFound();
    }),
  );
  if (replace) await removeFiles(db, storage, [old.fileId, old.thumbnailFileId]);
  await notifySavedNews(deps, id);
  return { news: await getNews(deps, actor, input.id) };
}

/** DELETE /news/{id}: the item with its likes, comments, confirmations and files. */
export async function deleteNews({ db, storage }: ServiceDeps<'db' | 'storage'>, id: string) {
  const old = await db.transaction(async (tx) => {
    const [row] = await tx.delete(news).where(eq(news.id, id)).returning({ fileId: news.fileId, thumbnailFileId: news.thumbnailFileId });
    if (!row) throw notFound();
    await tx.delete(likes).where(and(eq(likes.entity, NEWS_ENTITY), eq(likes.entityId, id)));
    await tx.delete(comments).where(and(eq(comments.entity, NEWS_ENTITY), eq(comments.entityId, id)));
    return row;
  });
  await removeFiles(db, storage, [old.fileId, old.thumbnailFileId]);
}

async function removeFiles(db: Db, storage: Storage, ids: (string | null | undefined)[]) {
  for (const id of ids) if (id) await deleteFile(db, storage, id);
}

/** Sanitising can leave nothing of a text that only held markup (e.g. a lone script). */
const htmlIsEmpty = (html: string) => !/<img\b/i.test(html) && html.replace(/<[^>]*>|&nbsp;|\s/g, '') === '';

/**
 * GET /download/resource/{id}: the attachment or thumbnail of a news item the person may see;
 * 404 otherwise, so nobody learns it exists.
 */
export async function visibleNewsFile({ db }: ServiceDeps<'db'>, actor: Actor, fileId: string) {
  const [row] = await db
    .select({ id: news.id })
    .from(news)
    .where(and(or(eq(news.fileId, fileId), eq(news.thumbnailFileId, fileId)), visibleWhere(actor)))
    .limit(1);
  const file = row ? await storedFile(db, fileId) : null;
  if (!file) throw notFound();
  return file;
}
