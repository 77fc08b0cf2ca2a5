import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { HISTORY_PAGE_SIZE } from '@filialportal/core/stock';
import type { Actor } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { totalColumn, totalOf } from '../../platform/paging.ts';
import { scopeOf } from '../../platform/scope.ts';
import { categories } from '../assortment/index.ts';
import { locations } from '../locations/index.ts';
import { users } from '../users/index.ts';
import { formatDateTime } from './article-view.ts';
import { stockAuditInsert, stockAuditRecord, type CountAudit } from './stock-audit.ts';
import { loadArticle, visibleArticles } from './stock.service.ts';
import { articleEans, articles, articleStocks, stockChecks, stockHistory } from './stock.table.ts';

/** Whose stock a person may change: every location, or the own one(s) (spec 2 §6). */
const STOCK_RULE = {
  all: 'sortiment_bei_allen_artikel_bestand_bearbeiten',
  ownLocation: 'sortiment_artikel_bestand_in_eigener_filiale_bearbeiten',
  withSelectedLocation: true,
} as const;

export function mayChangeStockAt(actor: Actor, locationId: string): boolean {
  const scope = scopeOf(actor, STOCK_RULE);
  return scope.kind === 'everything' || (scope.kind === 'locations' && scope.locations.includes(locationId));
}

async function actorName(db: Db, actor: Actor) {
  const [me] = await db.select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` }).from(users).where(eq(users.id, actor.userId));
  return me?.name ?? '';
}

type StockChange = CountAudit & {
  userName: string;
  count: number;
  /** The device's id of the count: written once, a repeat answers the first result. */
  clientChangeId?: string;
  /** The stock the device saw (null: not counted); undefined: no check. */
  baseCount?: number | null;
};

type Counted = { before: number | null; after: number };
type Outcome = Counted | { stale: true; current: number | null };

/**
 * Sets the stock of an article at a location and writes the history row, as one statement when
 * the location has counted the article before (the usual case). `cur` locks the row first and,
 * after waiting for a parallel change, reads its newest count, so every history row's `before` is
 * the previous row's `after`: parallel changes are applied one after the other, none is lost.
 * The history row comes first and the stock follows it: a count whose id is already written
 * (`on conflict do nothing`, which waits for a parallel writer of the same id) or whose base no
 * longer holds changes nothing. The first count of an article at a location takes firstCount.
 * The audit entry is written by the same statement, from the history row it writes.
 */
async function writeCount(db: Db, input: StockChange) {
  const baseHolds = input.baseCount === undefined ? sql`true` : sql`cur.count is not distinct from ${input.baseCount}::int`;
  const result = await db.execute(sql`
    with cur as (
      select s.count from ${articleStocks} s where s.article_id = ${input.articleId} and s.location_id = ${input.locationId} for update),
    ins as (
      insert into ${stockHistory} (article_id, location_id, user_id, user_name, before, after, client_change_id, created_at)
      select ${input.articleId}, ${input.locationId}, ${input.userId}, ${input.userName}, cur.count, ${input.count}::int, ${input.clientChangeId ?? null}::uuid, clock_timestamp()
      from cur where ${baseHolds}
      on conflict (client_change_id) do nothing
      returning before, after),
    upd as (
      update ${articleStocks} x set count = ins.after, updated_at = now(), updated_by = ${input.userId}
      from ins where x.article_id = ${input.articleId} and x.location_id = ${input.locationId}),
    aud as (${stockAuditInsert(input, sql`ins`)})
    select exists (select 1 from cur) as counted, (select count from cur) as current, ins.before, ins.after
    from (select 1) one left join ins on true`);
  // PGlite and node-postgres both answer raw SQL with { rows }.
  const [row] = (result as unknown as { rows: { counted: boolean; current: number | null; before: number | null; after: number | null }[] }).rows;
  return row!;
}

/**
 * Applies a count (POST /article/updatestock): written, a repeat of a written one (its first
 * result), or stale (its base no longer holds; nothing written).
 */
export async function changeStock({ db }: ServiceDeps<'db'>, input: StockChange): Promise<Outcome> {
  for (let attempt = 0; ; attempt++) {
    const row = await writeCount(db, input);
    if (row.after !== null) return { before: row.before, after: row.after };
    const first = input.clientChangeId ? await firstResult(db, input) : null;
    if (first) return first;
    if (row.counted || input.baseCount != null) return { stale: true, current: row.current };
    const created = await firstCount(db, input);
    if (created) return created;
    // Someone else counted it first meanwhile (or wrote this id): once more on their row. A
    // second miss means the article or location went away in between.
    if (attempt > 0) throw notFound(MSG.articleUnknown);
  }
}

/** The first result of a count whose id is written: only for the same person, article and location. */
async function firstResult(db: Db, input: StockChange): Promise<Counted | null> {
  const [row] = await db
    .select({ before: stockHistory.before, after: stockHistory.after, userId: stockHistory.userId, articleId: stockHistory.articleId, locationId: stockHistory.locationId })
    .from(stockHistory)
    .where(eq(stockHistory.clientChangeId, input.clientChangeId!));
  if (!row) return null;
  if (row.userId !== input.userId || row.articleId !== input.articleId || row.locationId !== input.locationId) {
    throw new AppError(422, 'client_change_id_used', MSG.stockClientChangeIdUsed);
  }
  return { before: row.before, after: row.after };
}

/** Rolls back a first count whose id turned out to be written already. */
class IdTaken extends Error {}

/**
 * The first count at a location: the row is created with the count. null when another creator
 * was first (the caller counts again on their row) or the id is written already.
 */
async function firstCount(db: Db, input: StockChange): Promise<Counted | null> {
  try {
    return await db.transaction(async (tx) => {
      const created = await tx
        .insert(articleStocks)
        .values({ articleId: input.articleId, locationId: input.locationId, count: input.count, updatedBy: input.userId })
        .onConflictDoNothing()
        .returning({ count: articleStocks.count });
      if (created.length === 0) return null;
      // The time the change was applied: the history's order is the order of the changes.
      const written = await tx
        .insert(stockHistory)
        .values({ articleId: input.articleId, locationId: input.locationId, userId: input.userId, userName: input.userName, before: null, after: input.count, clientChangeId: input.clientChangeId, createdAt: sql`clock_timestamp()` })
        .onConflictDoNothing({ target: stockHistory.clientChangeId })
        .returning({ id: stockHistory.id });
      if (written.length === 0) throw new IdTaken();
      await audit(tx, { userId: input.userId, ip: input.ip }, stockAuditRecord(input, null, input.count));
      return { before: null, after: input.count };
    });
  } catch (e) {
    if (e instanceof IdTaken) return null;
    throw e;
  }
}

export type StockAdjustment = { articleId: string; locationId: string; userId: string; userName: string; take: number; reason: string };

/**
 * Takes a number of packages out of the counted stock of an article at a location (a negative
 * number puts them back), with the reason in the history. One statement under the row's lock, as
 * changeStock: parallel adjustments apply one after the other and the stock never goes below zero.
 * Refused when the location has not counted the article (there is nothing to correct) or holds
 * too little; the history row's id links the adjustment to where it came from.
 */
export async function adjustStock({ db }: ServiceDeps<'db'>, input: StockAdjustment): Promise<{ historyId: string; before: number; after: number }> {
  const result = await db.execute(sql`
    with changed as (
      update ${articleStocks} x set count = y.count - ${input.take}, updated_at = now(), updated_by = ${input.userId}
      from (select s.count from ${articleStocks} s where s.article_id = ${input.articleId} and s.location_id = ${input.locationId} for update) y
      where x.article_id = ${input.articleId} and x.location_id = ${input.locationId} and y.count - ${input.take} >= 0
      returning y.count as before, x.count as after)
    insert into ${stockHistory} (article_id, location_id, user_id, user_name, before, after, reason, created_at)
    select ${input.articleId}, ${input.locationId}, ${input.userId}, ${input.userName}, before, after, ${input.reason}, clock_timestamp() from changed
    returning id, before, after`);
  const [row] = (result as unknown as { rows: { id: string; before: number; after: number }[] }).rows;
  if (row) return { historyId: row.id, before: row.before, after: row.after };
  const [stock] = await db
    .select({ count: articleStocks.count })
    .from(articleStocks)
    .where(and(eq(articleStocks.articleId, input.articleId), eq(articleStocks.locationId, input.locationId)));
  throw stock ? badRequest(MSG.stockTooLow.replace('{n}', String(stock.count))) : badRequest(MSG.stockNotCounted);
}

/**
 * POST /article/updatestock: by EAN or chosen article, the counted stock at a location. The
 * article, the location and the person's name are read in one statement, the change is one more.
 */
export async function updateStock(deps: ServiceDeps<'db'>, actor: Actor, input: StockUpdate) {
  const { db } = deps;
  if (!mayChangeStockAt(actor, input.location)) throw forbidden(MSG.stockLocationNotAllowed);
  // Only an article the person sees (the list's rule): a hidden one is unknown, nothing changes.
  const visible = visibleArticles(actor) ?? sql`true`;
  const columns = sql`json_build_object('id', ${articles.id}, 'number', ${articles.number})`;
  const article = input.articleId
    ? sql`(select ${columns} from ${articles} where ${articles.id} = ${input.articleId} and ${visible})`
    : sql`(select ${columns} from ${articles} join ${articleEans} on ${articleEans.articleId} = ${articles.id} where ${articleEans.ean} = ${input.ean} and ${visible})`;
  const [found] = await db
    .select({
      article: sql<{ id: string; number: string } | null>`${article}`,
      place: sql<boolean>`exists (select 1 from ${locations} l where l.id = ${input.location})`,
      userName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!found?.place) throw badRequest(MSG.stockLocationRequired);
  if (!found.article) throw input.articleId ? notFound(MSG.articleUnknown) : new AppError(404, 'ean_unknown', MSG.stockEanUnknown.replace('{n}', input.ean));
  const { id: articleId, number: articleNumber } = found.article;
  const change = { ...input, articleId, articleNumber, locationId: input.location, userId: actor.userId, ip: actor.ip ?? '', userName: found.userName };
  const outcome = await changeStock(deps, change);
  if ('stale' in outcome) throw await staleCount(db, change, outcome.current);
  const { article: detail } = await loadArticle(deps, actor, { id: articleId, location: input.location });
  return { article: detail, before: outcome.before, after: outcome.after };
}

type StockUpdate = { ean: string; articleId?: string; location: string; count: number; clientChangeId?: string; baseCount?: number | null };

/** 409 with the stock now and the count sent, and who changed it last (the device's dialog shows them). */
async function staleCount(db: Db, input: StockChange, current: number | null) {
  const [last] = await db
    .select({ userName: stockHistory.userName, at: stockHistory.createdAt })
    .from(stockHistory)
    .where(and(eq(stockHistory.articleId, input.articleId), eq(stockHistory.locationId, input.locationId)))
    .orderBy(desc(stockHistory.createdAt), desc(stockHistory.id))
    .limit(1);
  const message = MSG.stockChangedMeanwhile.replace('{current}', current === null ? 'nicht gezählt' : String(current)).replace('{yours}', String(input.count));
  return new AppError(409, 'stock_changed', message, { current, yours: input.count, changedBy: last?.userName ?? null, changedAt: last ? formatDateTime(last.at) : null });
}

/** GET /article/{id}/history?from: the stock changes of an article, newest first. */
export async function articleHistory({ db }: ServiceDeps<'db'>, { id, from }: { id: string; from: number }) {
  const countQuery = db.select({ n: sql<number>`count(*)::int` }).from(stockHistory).where(eq(stockHistory.articleId, id));
  const rows = await db
    .select({
      id: stockHistory.id,
      createdAt: stockHistory.createdAt,
      userName: stockHistory.userName,
      locationName: locations.name,
      before: stockHistory.before,
      after: stockHistory.after,
      reason: stockHistory.reason,
      total: totalColumn(countQuery),
    })
    .from(stockHistory)
    .innerJoin(locations, eq(locations.id, stockHistory.locationId))
    .where(eq(stockHistory.articleId, id))
    .orderBy(desc(stockHistory.createdAt), desc(stockHistory.id))
    .limit(HISTORY_PAGE_SIZE)
    .offset(from);
  const count = await totalOf(rows, countQuery);
  return {
    historyItems: rows.map((r) => ({ id: r.id, updatedAtFormated: formatDateTime(r.createdAt)!, userName: r.userName, locationName: r.locationName, before: r.before, after: r.after, reason: r.reason ?? '' })),
    count,
  };
}

/**
 * POST /locationsortimenthistory: someone finished checking the stock of a category at a
 * location; the check records how many stock changes it brought since the check before.
 */
export async function recordStockCheck(deps: ServiceDeps<'db'>, actor: Actor, input: { sortiment: string; location: string }) {
  const { db } = deps;
  if (!mayChangeStockAt(actor, input.location)) throw forbidden(MSG.stockLocationNotAllowed);
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.sortiment));
  if (!category) throw notFound();
  const [place] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, input.location));
  if (!place) throw badRequest(MSG.stockLocationRequired);
  const userName = await actorName(db, actor);
  await db.execute(sql`
    insert into ${stockChecks} (category_id, location_id, user_id, user_name, changes)
    select ${input.sortiment}, ${input.location}, ${actor.userId}, ${userName}, count(*)::int
    from ${stockHistory} h join ${articles} a on a.id = h.article_id
    where h.location_id = ${input.location} and a.category_id = ${input.sortiment}
      and h.created_at > coalesce((select max(c.created_at) from ${stockChecks} c where c.category_id = ${input.sortiment} and c.location_id = ${input.location}), '-infinity')`);
  return lastChecks(deps, input.sortiment);
}

/** GET /locationsortimenthistory/{sortiment}: every location with its last check of the category. */
export async function lastChecks({ db }: ServiceDeps<'db'>, sortiment: string) {
  const rows = await db
    .select({
      id: locations.id,
      name: locations.name,
      at: sql<string | null>`last.created_at`,
      userName: sql<string | null>`last.user_name`,
    })
    .from(locations)
    .leftJoin(
      sql`lateral (select c.created_at, c.user_name from ${stockChecks} c where c.category_id = ${sortiment} and c.location_id = ${locations.id} order by c.created_at desc limit 1) last`,
      sql`true`,
    )
    .orderBy(asc(locations.position), asc(locations.name));
  return { list: rows.map((r) => ({ location: { id: r.id, name: r.name }, dateFormated: r.at ? formatDateTime(new Date(r.at)) : null, userName: r.userName ?? '' })) };
}

/** GET /locationsortimenthistory/{sortiment}/{location}?from: the checks of one location, newest first. */
export async function checksAt({ db }: ServiceDeps<'db'>, { sortiment, location, from }: { sortiment: string; location: string; from: number }) {
  const where = and(eq(stockChecks.categoryId, sortiment), eq(stockChecks.locationId, location));
  const countQuery = db.select({ n: sql<number>`count(*)::int` }).from(stockChecks).where(where);
  const rows = await db
    .select({ id: stockChecks.id, createdAt: stockChecks.createdAt, userName: stockChecks.userName, changes: stockChecks.changes, total: totalColumn(countQuery) })
    .from(stockChecks)
    .where(where)
    .orderBy(desc(stockChecks.createdAt), desc(stockChecks.id))
    .limit(HISTORY_PAGE_SIZE)
    .offset(from);
  const count = await totalOf(rows, countQuery);
  return { list: rows.map((r) => ({ id: r.id, dateFormated: formatDateTime(r.createdAt)!, userName: r.userName, changes: r.changes })), count };
}
