/** The claims list: a page of open or closed claims, its count and the new ones since the last visit. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CLAIM_PAGE_SIZE, claimYearFilter } from '@filialportal/core/claims';
import { MSG } from '@filialportal/core/messages';
import type { Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import { type ServiceDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { likeTerm, totalColumn, totalOf } from '../../platform/paging.ts';
import { builtPerActor, named } from '../../platform/prepared.ts';
import { seenMarkers } from '../seen/index.ts';
import { orderOf, rowColumns, stateWhere, toRow, visibleWhere } from './claim-view.ts';
import { claims } from './claims.table.ts';

export interface ClaimListQuery {
  completed: 'true' | 'false';
  location: string;
  number: string;
  year: string;
  sort: string;
}

/** Most new claims the list counts for the navigation badge. */
const UNSEEN_MAX = 100;

/**
 * GET /claims/list/{from}: a page of the open or closed claims the person may see, the count of
 * all matches, and how many visible claims were created since the person last opened the page.
 */
export async function listClaims({ db }: ServiceDeps<'db'>, actor: Actor, q: ClaimListQuery & { from: number }) {
  const year = claimYearFilter(q.year);
  if (year === 'invalid') throw badRequest(MSG.claimYearInvalid);
  const shape: ListShape = { closed: q.completed === 'true', location: q.location !== 'all', year: year !== null, number: Boolean(q.number), sort: q.sort };
  const values = { from: q.from, location: q.location, year, number: q.number ? likeTerm(q.number) : '' };
  const page = pageStatements(actor, JSON.stringify(shape), () => named(listParts(db, actor, shape, placeholders).page));
  const rows = await page.execute(values);
  if (rows.length) return { claims: rows.map((r) => toRow(actor, r)), count: rows[0]!.total, new: rows[0]!.unseen };
  // A page past the end has no row to carry the totals: asked on their own (rarely).
  const { countQuery, unseen } = listParts(db, actor, shape, values);
  const [count, fresh] = await Promise.all([totalOf(rows, countQuery), db.select({ unseen }).from(sql`(select 1) one`)]);
  return { claims: [], count, new: fresh[0]?.unseen ?? 0 };
}

/** Which filters a list request sets and how it sorts: one statement per person and shape. */
interface ListShape {
  closed: boolean;
  location: boolean;
  year: boolean;
  number: boolean;
  sort: string;
}
type ListValues = Record<'from' | 'location' | 'year' | 'number', unknown>;
const placeholders: ListValues = { from: sql.placeholder('from'), location: sql.placeholder('location'), year: sql.placeholder('year'), number: sql.placeholder('number') };

/**
 * The list's page statement and its parts, over placeholders (built once per person and shape,
 * then only executed) or over the values of one request.
 */
function listParts(db: Db, actor: Actor, shape: ListShape, v: ListValues) {
  const scope = visibleWhere(actor);
  const where = and(
    scope,
    stateWhere(actor, shape.closed),
    shape.location ? eq(claims.locationId, v.location as string) : undefined,
    shape.year ? eq(claims.year, v.year as number) : undefined,
    shape.number ? sql`${claims.number} ilike ${v.number}` : undefined,
  );
  const countQuery = db.select({ n: sql<number>`count(*)::int` }).from(claims).where(where);
  // New since the last visit, counted up to UNSEEN_MAX (the badge shows '99+'): a first visit
  // does not count every claim of the company.
  const unseen = sql<number>`(select count(*)::int from (select 1 from ${claims} where ${and(scope, sql`${claims.createdAt} > coalesce((select s.seen_at from ${seenMarkers} s
    where s.user_id = ${actor.userId} and s.page = 'claims'), '-infinity')`)} order by ${claims.createdAt} desc limit ${sql.raw(String(UNSEEN_MAX))}) x)`.mapWith(Number);
  // The page's ids first: the lookups of the select list run for 25 rows, not for every match.
  // The page size is written into the text, not sent as a value: with `limit $n` the planner
  // cannot know the page is small, and keeps planning anew instead of reusing its plan.
  const pageIds = sql`(select ${claims.id} from ${claims} where ${where} order by ${sql.join(orderOf(shape.sort), sql`, `)} limit ${sql.raw(String(CLAIM_PAGE_SIZE))} offset ${v.from})`;
  const page = db
    .select({ ...rowColumns, total: totalColumn(countQuery), unseen })
    .from(claims)
    .where(inArray(claims.id, pageIds))
    .orderBy(...orderOf(shape.sort));
  return { page, countQuery, unseen };
}

const pageStatements = builtPerActor<ReturnType<typeof named<ReturnType<typeof listParts>['page']>>>();
