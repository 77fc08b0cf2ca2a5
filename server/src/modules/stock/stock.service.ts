import { and, asc, desc, eq, inArray, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { MSG } from '@filialportal/core/messages';
import { ARTICLE_LIST_ALL_MAX, ARTICLE_PAGE_SIZE, ARTICLE_SORTS, type ArticleSort, type TArticleRequest } from '@filialportal/core/stock';
import { can, type Actor } from '../../platform/access.ts';
import { berlinInstant, formatDate } from '../../platform/dates.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { AppError, badRequest, conflict, notFound, onConstraint } from '../../platform/errors.ts';
import { likeTerm, pageSize, totalColumn, totalOf } from '../../platform/paging.ts';
import { preparedShapes } from '../../platform/prepared.ts';
import { manufacturers } from '../lists/index.ts';
import { locations } from '../locations/index.ts';
import { users } from '../users/index.ts';
import { articleColumns, toArticleDto } from './article-view.ts';
import { articleEans, articles, articleStocks } from './stock.table.ts';

/** How many articles a category holds, as an SQL expression of its id (answers the assortment module's hook). */
export const articlesInCategory = (categoryId: SQL) => sql<number>`(select count(*)::int from ${articles} x where x.category_id = ${categoryId})`;

export interface ArticleFilter {
  category: string | null;
  manufacturer: string | null;
  decor: string | null;
  number: string | null;
  label: string | null;
  sorting: ArticleSort;
  descending: boolean;
  location: string | null;
  /** Only the export filters by quality (spec 2 §7). */
  quality?: string | null;
}

/**
 * The articles a person sees: inactive ones only who may switch them (greyed), all others only
 * active ones. One condition for the list, the EAN lookup, the single article and every change
 * of stock or label, so an article the list shows is found everywhere, and one it hides is
 * neither found nor changed blind. Undefined: every article.
 */
export const visibleArticles = (actor: Actor): SQL | undefined => activeOnly(seesInactive(actor));
const seesInactive = (actor: Actor) => can(actor, 'sortiment_artikel_aktiv_inaktiv_setzen');
const activeOnly = (inactiveToo: boolean) => (inactiveToo ? undefined : eq(articles.active, true));

/** A filter's values as the statement takes them: ids as they are, search terms as LIKE patterns. */
type FilterValues = Record<'category' | 'manufacturer' | 'label' | 'number' | 'decor' | 'quality' | 'location', unknown>;
const valuesOf = (f: ArticleFilter): FilterValues => ({
  category: f.category,
  manufacturer: f.manufacturer,
  label: f.label,
  number: f.number ? likeTerm(f.number).slice(1) : null,
  decor: f.decor ? likeTerm(f.decor) : null,
  quality: f.quality ? likeTerm(f.quality) : null,
  location: f.location,
});

function filterWhere(inactiveToo: boolean, f: ArticleFilter, v: FilterValues = valuesOf(f)): SQL | undefined {
  return and(
    f.category ? eq(articles.categoryId, v.category as string) : undefined,
    f.manufacturer ? eq(articles.manufacturerId, v.manufacturer as string) : undefined,
    f.label ? eq(articles.labelId, v.label as string) : undefined,
    // The article number from its start, the designation (decor) or name anywhere in it.
    f.number ? sql`lower(${articles.number}) like ${v.number}` : undefined,
    f.decor ? sql`(lower(${articles.decor}) like ${v.decor} or lower(${articles.name}) like ${v.decor})` : undefined,
    f.quality ? sql`lower(${articles.quality}) like ${v.quality}` : undefined,
    activeOnly(inactiveToo),
  );
}

function orderOf(f: ArticleFilter, cols: ReturnType<typeof articleColumns>): SQL[] {
  const dir = f.descending ? desc : asc;
  const by: Record<ArticleSort, SQL | AnyPgColumn> = {
    number: articles.number,
    'manufacturer.name': cols.manufacturerName,
    quality: articles.quality,
    decor: articles.decor,
    price: articles.price,
    stock: cols.stock,
  };
  return [dir(by[f.sorting]), asc(articles.number), asc(articles.id)];
}

/**
 * A page of articles and the count of all matches in one statement, over values or placeholders.
 * The page's ids first, the columns (with their per-row lookups) only for those: in one
 * statement the select list would be computed for every match before the sort picks the page.
 */
function pageQuery(db: Db, inactiveToo: boolean, f: ArticleFilter, v: FilterValues, { limit, offset, withCount }: { limit: number | Placeholder; offset: number | Placeholder; withCount: boolean }) {
  const cols = articleColumns(f.location === null ? null : (v.location as string | Placeholder));
  const where = filterWhere(inactiveToo, f, v);
  const countQuery = db.select({ n: sql<number>`count(*)::int` }).from(articles).where(where);
  const pageIds = db.select({ id: articles.id }).from(articles).where(where).orderBy(...orderOf(f, cols)).limit(limit).offset(offset);
  const rows = db
    .select({ ...cols, total: totalColumn(withCount ? countQuery : null) })
    .from(articles)
    .where(inArray(articles.id, pageIds))
    .orderBy(...orderOf(f, cols));
  return { rows, countQuery };
}

/** The export's batches: any size from any offset, built per batch. */
export async function page(
  { db }: ServiceDeps<'db'>,
  actor: Actor,
  { filter: f, limit, offset, withCount }: { filter: ArticleFilter; limit: number; offset: number; withCount: boolean },
) {
  const { rows: query, countQuery } = pageQuery(db, seesInactive(actor), f, valuesOf(f), { limit, offset, withCount });
  const rows = await query;
  const count = withCount ? await totalOf(rows, countQuery) : rows.length;
  return { articles: rows.map((r) => toArticleDto(r)), count };
}

/**
 * The list's shape: which filters are set, the sort, a chosen location, whether the person sees
 * inactive articles, the page size and whether it is the first page. Each shape is one prepared
 * statement, built once and then only executed, with the filter's values as placeholders.
 */
const FILTERS = ['category', 'manufacturer', 'label', 'number', 'decor'] as const;
const shapeKey = (actor: Actor, f: ArticleFilter, limit: number, first: boolean) =>
  `${FILTERS.map((k) => (f[k] ? 1 : 0)).join('')}_${ARTICLE_SORTS.indexOf(f.sorting)}${f.descending ? 'd' : 'a'}_${f.location ? 'l' : 'n'}${seesInactive(actor) ? 'a' : 'v'}_${limit}${first ? 'f' : 'n'}`;
const PLACEHOLDERS = Object.fromEntries(['category', 'manufacturer', 'label', 'number', 'decor', 'quality', 'location'].map((k) => [k, sql.placeholder(k)])) as FilterValues;

/**
 * Up to LIST_SHAPES_MAX shapes are prepared (a few dozen are used); any further one is built per
 * request, so no client's choice of filters makes Node or a connection keep ever more statements.
 */
const LIST_SHAPES_MAX = 64;
const preparedKeys = new Set<string>();
const listStatements = preparedShapes((db, key: string, name) => {
  const [flags, sort, view, size] = key.split('_') as [string, string, string, string];
  const f: ArticleFilter = {
    ...(Object.fromEntries(FILTERS.map((k, i) => [k, flags[i] === '1' ? k : null])) as Pick<ArticleFilter, (typeof FILTERS)[number]>),
    sorting: ARTICLE_SORTS[Number(sort[0])]!,
    descending: sort[1] === 'd',
    location: view[0] === 'l' ? 'location' : null,
  };
  const first = size.endsWith('f');
  // The person's right to see inactive articles is the only part of them in the text.
  return pageQuery(db, view[1] === 'a', f, PLACEHOLDERS, { limit: pageSize(Number.parseInt(size, 10)), offset: first ? pageSize(0) : sql.placeholder('offset'), withCount: true }).rows.prepare(name);
}, 'article_list');

/** A page of the list with the count of all matches, prepared by shape. */
async function listPage({ db }: ServiceDeps<'db'>, actor: Actor, f: ArticleFilter, limit: number, offset: number) {
  const key = shapeKey(actor, f, limit, offset === 0);
  if (!preparedKeys.has(key) && preparedKeys.size >= LIST_SHAPES_MAX) return page({ db }, actor, { filter: f, limit, offset, withCount: true });
  preparedKeys.add(key);
  const rows = await listStatements(db, key).execute({ ...valuesOf(f), offset });
  const count = rows.length ? rows[0]!.total : await totalOf(rows, pageQuery(db, seesInactive(actor), f, valuesOf(f), { limit, offset, withCount: true }).countQuery);
  return { articles: rows.map((r) => toArticleDto(r)), count };
}

/** GET /article/filter/…/{offset}: a page of the stock list with the count of all matches. */
export const filterArticles = (deps: ServiceDeps<'db'>, actor: Actor, { filter, offset }: { filter: ArticleFilter; offset: number }) =>
  listPage(deps, actor, filter, ARTICLE_PAGE_SIZE, offset);

/** GET /article/listall/…: 'alle Artikel laden', at most ARTICLE_LIST_ALL_MAX. */
export const listAllArticles = (deps: ServiceDeps<'db'>, actor: Actor, filter: ArticleFilter) => listPage(deps, actor, filter, ARTICLE_LIST_ALL_MAX, 0);

/** POST /article/filterlist: these articles, in this order (a scan session's list). */
export async function articlesByIds({ db }: ServiceDeps<'db'>, actor: Actor, { ids, location }: { ids: string[]; location: string | null }) {
  if (ids.length === 0) return { articles: [], count: 0 };
  const rows = await db
    .select(articleColumns(location))
    .from(articles)
    .where(and(inArray(articles.id, ids), visibleArticles(actor)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const list = [...new Set(ids)].flatMap((id) => (byId.has(id) ? [toArticleDto(byId.get(id)!)] : []));
  return { articles: list, count: list.length };
}

/**
 * Articles by their numbers (letter case aside) with their stock per location, in one statement:
 * for lists of article numbers from elsewhere (a promotion's export). Numbers it does not know
 * are missing from the answer.
 */
export async function stockByNumbers({ db }: ServiceDeps<'db'>, actor: Actor, numbers: string[]) {
  if (numbers.length === 0) return [];
  const lower = [...new Set(numbers.map((n) => n.toLowerCase()))];
  return db
    .select({
      number: articles.number,
      decor: articles.decor,
      name: articles.name,
      manufacturer: sql<string>`coalesce((select m.name from ${manufacturers} m where m.id = ${articles.manufacturerId}), '')`,
      location: sql<string | null>`l.name`,
      count: sql<number | null>`s.count`,
    })
    .from(articles)
    .leftJoin(sql`${articleStocks} s`, sql`s.article_id = ${articles.id}`)
    .leftJoin(sql`${locations} l`, sql`l.id = s.location_id`)
    .where(and(sql`lower(${articles.number}) = any(${sql.param(lower)}::text[])`, visibleArticles(actor)))
    .orderBy(articles.number, sql`l.name`);
}

/**
 * GET /article/ean/{ean}: the article behind a scanned or typed EAN (main code or scan list),
 * found by a subquery in the article's own statement (the lookup on every scan stays at two
 * statements); 404 with the spec's message when there is none the person sees.
 */
export async function articleByEan({ db }: ServiceDeps<'db'>, actor: Actor, { ean, location }: { ean: string; location: string | null }) {
  const found = await articleWithStocks(db, actor, sql`${articles.id} = (select e.article_id from ${articleEans} e where e.ean = ${ean})`, location);
  if (!found) throw new AppError(404, 'ean_unknown', MSG.stockEanUnknown.replace('{n}', ean));
  return found;
}

/** GET /article/{id}: the article with its stock in every location that has counted it. */
export async function loadArticle({ db }: ServiceDeps<'db'>, actor: Actor, { id, location = null }: { id: string; location?: string | null }) {
  const found = await articleWithStocks(db, actor, eq(articles.id, id), location);
  if (!found) throw notFound(MSG.articleUnknown);
  return found;
}

async function articleWithStocks(db: Db, actor: Actor, where: SQL, location: string | null) {
  const [row] = await db.select(articleColumns(location, false)).from(articles).where(and(where, visibleArticles(actor)));
  if (!row) return null;
  const stocks = await db
    .select({
      locationId: articleStocks.locationId,
      locationName: locations.name,
      count: articleStocks.count,
      updatedAt: articleStocks.updatedAt,
      userName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(articleStocks)
    .innerJoin(locations, eq(locations.id, articleStocks.locationId))
    .leftJoin(users, eq(users.id, articleStocks.updatedBy))
    .where(eq(articleStocks.articleId, row.id))
    .orderBy(asc(locations.name));
  return {
    article: {
      ...toArticleDto(row),
      stockTotal: stocks.reduce((n, s) => n + s.count, 0),
      stocks: stocks.map((s) => ({ location: { id: s.locationId, name: s.locationName }, count: s.count, updatedAt: formatDate(s.updatedAt), userName: s.userName ?? MSG.deletedUser })),
    },
  };
}

const instant = (local: string | null) => (local ? berlinInstant(local.slice(0, 10), local.slice(11, 16)) : null);

function fields(input: TArticleRequest) {
  return {
    categoryId: input.category,
    manufacturerId: input.manufacturer,
    number: input.number,
    ean: input.ean,
    name: input.name,
    decor: input.decor,
    sales1: input.sales1,
    sales2: input.sales2,
    sales3: input.sales3,
    strength: input.strength,
    outlet: input.outlet,
    quality: input.quality,
    baseboard: input.baseboard,
    corner: input.corner,
    srp: input.srp,
    price: input.price,
    actionPrice: input.actionPrice,
    actionPriceFrom: instant(input.actionPriceFrom),
    actionPriceTill: instant(input.actionPriceTill),
    package: input.package,
    package2: input.package2,
    deliveryCentralWarehouse: input.deliveryCentralWarehouse,
    deliveryCentralWarehouse2: input.deliveryCentralWarehouse2,
    advertising: input.advertising,
    advertisingActionPrice: input.advertisingActionPrice,
    advertisingFrom: instant(input.advertisingFrom),
    advertisingTill: instant(input.advertisingTill),
    position: input.position,
  };
}

/** Unknown references and taken EANs answer with the form's messages, never a 500. */
const refusals = onConstraint({
  article_eans_pkey: () => conflict(MSG.articleEanTaken, 'ean_taken'),
  articles_category_id_categories_id_fk: () => badRequest(MSG.articleCategoryRequired),
  articles_manufacturer_id_manufacturers_id_fk: () => badRequest(MSG.articleManufacturerRequired),
});

/** The article's EANs: the main one and the scan list, each at most once, all unique in the company. */
async function writeEans(tx: Db, articleId: string, input: TArticleRequest) {
  const eans = [...new Set([input.ean, ...input.scanList])];
  await tx.delete(articleEans).where(and(eq(articleEans.articleId, articleId), sql`${articleEans.ean} <> all(${`{${eans.join(',')}}`}::text[])`));
  await tx
    .insert(articleEans)
    .values(eans.map((ean) => ({ ean, articleId })))
    .onConflictDoUpdate({ target: articleEans.ean, set: { articleId }, setWhere: sql`${articleEans.articleId} = ${articleId}` })
    .returning({ ean: articleEans.ean })
    .then((written) => {
      // A conflicting row of another article is left alone by setWhere and not returned.
      if (written.length < eans.length) throw conflict(MSG.articleEanTaken, 'ean_taken');
    });
}

/** POST /article. */
export async function createArticle(deps: ServiceDeps<'db'>, actor: Actor, input: TArticleRequest) {
  const id = await deps.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(articles)
        .values({ ...fields(input), active: input.active })
        .returning({ id: articles.id });
      await writeEans(tx, row!.id, input);
      return row!.id;
    })
    .catch(refusals);
  return loadArticle(deps, actor, { id });
}

/** PUT /article/{id}: every field; `active` stays with the eye button. */
export async function updateArticle(deps: ServiceDeps<'db'>, actor: Actor, { id, article: input }: { id: string; article: TArticleRequest }) {
  await deps.db
    .transaction(async (tx) => {
      const [row] = await tx.update(articles).set(fields(input)).where(eq(articles.id, id)).returning({ id: articles.id });
      if (!row) throw notFound(MSG.articleUnknown);
      await writeEans(tx, id, input);
    })
    .catch(refusals);
  return loadArticle(deps, actor, { id });
}

/** DELETE /article/{id}: with its stock and history. */
export async function deleteArticle({ db }: ServiceDeps<'db'>, id: string) {
  const gone = await db.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
  if (gone.length === 0) throw notFound(MSG.articleUnknown);
}

/** PUT /article/{id}/active: the eye button. */
export async function setActive(deps: ServiceDeps<'db'>, actor: Actor, { id, active }: { id: string; active: boolean }) {
  const [row] = await deps.db.update(articles).set({ active }).where(eq(articles.id, id)).returning({ id: articles.id });
  if (!row) throw notFound(MSG.articleUnknown);
  return loadArticle(deps, actor, { id });
}

/** GET /articlebackground/{id}/{color}: the row's colour label (a label id, or 'null' to clear). */
export async function setLabel(deps: ServiceDeps<'db'>, actor: Actor, { id, labelId }: { id: string; labelId: string | null }) {
  const [row] = await deps.db
    .update(articles)
    .set({ labelId })
    .where(and(eq(articles.id, id), visibleArticles(actor)))
    .returning({ id: articles.id })
    .catch(onConstraint({ articles_label_id_color_labels_id_fk: () => badRequest(MSG.notFound) }));
  if (!row) throw notFound(MSG.articleUnknown);
  return loadArticle(deps, actor, { id });
}
