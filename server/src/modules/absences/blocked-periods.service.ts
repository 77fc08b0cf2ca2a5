import { and, asc, count, desc, eq, gte, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { ALL_LOCATIONS_LABEL, blockedPeriodMessage, type TBlockedPeriod } from '@filialportal/core/blocked-periods';
import type { Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { formatDate, todayIso } from '../../platform/dates.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { ALL_PAGES, pageWindow, totalColumn, totalOf } from '../../platform/paging.ts';
import { inScope, scopeOf, scopeWhere, type ScopeRule } from '../../platform/scope.ts';
import { locations } from '../locations/index.ts';
import { users } from '../users/index.ts';
import { absences, blockedPeriods } from './absences.table.ts';
import { ALL, OWN_LOCATION, SUBGROUPS } from './vacation-approvers.ts';

/**
 * Who sets blocked periods: HR everywhere and for the whole company; a location's management
 * (who approves vacation there) for its own location. Everyone who sees vacation reads the ones
 * that concern them: the company's and their location's.
 */
const MANAGE: ScopeRule = { all: ALL, ownLocation: [OWN_LOCATION, SUBGROUPS] };
const READ: ScopeRule = { all: ALL, ownLocation: true };

const columns = { locationId: blockedPeriods.locationId };

type Row = typeof blockedPeriods.$inferSelect & { locationLabel: string | null };

function toDto(actor: Actor, r: Row) {
  return {
    id: r.id,
    startDate: r.startDate,
    endDate: r.endDate,
    startDateFormated: formatDate(r.startDate),
    endDateFormated: formatDate(r.endDate),
    locationId: r.locationId,
    locationLabel: r.locationId ? (r.locationLabel ?? '') : ALL_LOCATIONS_LABEL,
    reason: r.reason,
    canEdit: mayManage(actor, r.locationId),
  };
}

/** A company-wide period is HR's; a location's, HR's and that location's management's. */
function mayManage(actor: Actor, locationId: string | null): boolean {
  const scope = scopeOf(actor, MANAGE);
  if (scope.kind === 'everything') return true;
  return locationId !== null && inScope(scope, { locationId });
}

const selectRows = (db: Db) =>
  db
    .select({ p: blockedPeriods, locationLabel: locations.name })
    .from(blockedPeriods)
    .leftJoin(locations, eq(locations.id, blockedPeriods.locationId));

/** GET /blockedperiods: current and coming ones soonest first, or past ones (past=1) latest first; 6 a page. */
export async function listBlockedPeriods({ db }: ServiceDeps<'db'>, actor: Actor, q: { page: number; past: boolean }) {
  const { limit, offset } = pageWindow(q.page);
  const today = todayIso();
  const where = and(q.past ? lt(blockedPeriods.endDate, today) : gte(blockedPeriods.endDate, today), readable(actor));
  const rows = await db
    .select({ p: blockedPeriods, locationLabel: locations.name, total: totalColumn(db.select({ n: count() }).from(blockedPeriods).where(where)) })
    .from(blockedPeriods)
    .leftJoin(locations, eq(locations.id, blockedPeriods.locationId))
    .where(where)
    .orderBy(q.past ? desc(blockedPeriods.startDate) : asc(blockedPeriods.startDate), asc(blockedPeriods.id))
    .limit(limit ?? ALL_PAGES)
    .offset(offset);
  return {
    blockedPeriods: rows.map((r) => toDto(actor, { ...r.p, locationLabel: r.locationLabel })),
    count: await totalOf(rows, db.select({ n: count() }).from(blockedPeriods).where(where)),
  };
}

/** The company's periods and those of the locations the actor may read. */
function readable(actor: Actor): SQL | undefined {
  const scope = scopeOf(actor, READ);
  return scope.kind === 'everything' ? undefined : or(isNull(blockedPeriods.locationId), scopeWhere(scope, columns));
}

async function checkLocation(db: Db, actor: Actor, locationId: string | null) {
  if (!mayManage(actor, locationId)) throw forbidden(locationId ? 'Sie dürfen Urlaubssperren nur für den eigenen Standort festlegen.' : 'Eine Urlaubssperre für alle Standorte legt die Personalleitung fest.');
  if (locationId) {
    const [l] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId));
    if (!l) throw new AppError(400, 'bad_request', 'Diesen Standort gibt es nicht.');
  }
}

async function one(db: Db, actor: Actor, id: string) {
  const [row] = await selectRows(db).where(and(eq(blockedPeriods.id, id), readable(actor)));
  if (!row) throw notFound();
  return toDto(actor, { ...row.p, locationLabel: row.locationLabel });
}

/** POST /blockedperiods. */
export async function createBlockedPeriod({ db }: ServiceDeps<'db'>, actor: Actor, input: TBlockedPeriod) {
  await checkLocation(db, actor, input.locationId);
  const [row] = await db.insert(blockedPeriods).values({ ...input, createdBy: actor.userId }).returning({ id: blockedPeriods.id });
  return { blockedPeriod: await one(db, actor, row!.id) };
}

/** PUT /blockedperiods/{id}: the reader must manage the period as it is and as it will be. */
export async function updateBlockedPeriod({ db }: ServiceDeps<'db'>, actor: Actor, { id, input }: { id: string; input: TBlockedPeriod }) {
  const current = await one(db, actor, id);
  if (!current.canEdit) throw forbidden();
  await checkLocation(db, actor, input.locationId);
  await db.update(blockedPeriods).set({ ...input, updatedAt: new Date() }).where(eq(blockedPeriods.id, id));
  return { blockedPeriod: await one(db, actor, id) };
}

/** DELETE /blockedperiods/{id}. */
export async function deleteBlockedPeriod({ db }: ServiceDeps<'db'>, actor: Actor, id: string) {
  const current = await one(db, actor, id);
  if (!current.canEdit) throw forbidden();
  await db.delete(blockedPeriods).where(eq(blockedPeriods.id, id));
}

/**
 * The first blocked period that a vacation of a person at `locationId` from start to end touches
 * (the company's or the location's), or null.
 */
export async function blockingPeriod({ db }: ServiceDeps<'db'>, { locationId, startDate, endDate }: { locationId: string; startDate: string; endDate: string }) {
  const [row] = await selectRows(db)
    .where(and(lte(blockedPeriods.startDate, endDate), gte(blockedPeriods.endDate, startDate), or(isNull(blockedPeriods.locationId), eq(blockedPeriods.locationId, locationId))))
    .orderBy(asc(blockedPeriods.startDate))
    .limit(1);
  if (!row) return null;
  const period = { ...row.p, locationLabel: row.p.locationId ? (row.locationLabel ?? '') : ALL_LOCATIONS_LABEL };
  return { ...period, message: blockedPeriodMessage(period) };
}

/**
 * For the vacation list's own statement: an open request inside a blocked period (one set after it
 * was filed) gets the first such period with its location's name (null: the whole company). Special
 * leave is exempt.
 */
export const blockedColumn = sql<[startDate: string, endDate: string, reason: string, location: string | null] | null>`case when not ${absences.approved} and not ${absences.declined} and not ${absences.specialHoliday} then
  (select json_build_array(b.start_date, b.end_date, b.reason, bl.name) from ${blockedPeriods} b left join ${locations} bl on bl.id = b.location_id
   where b.end_date >= ${absences.startDate} and b.start_date <= ${absences.endDate} and (b.location_id is null or b.location_id = ${users.locationId})
   order by b.start_date limit 1) end`;
