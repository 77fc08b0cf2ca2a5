/**
 * The vacation lists (views 1, 2, 3 and 5), the export's rows and the answer shape of a request,
 * which the service's request and decision calls answer with too.
 */

import { and, asc, count, desc, eq, type Placeholder, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { absenceStateLabel, type DayLength, dayFactor, quotaExceeded, VACATION_PAGE_SIZE } from '@filialportal/core/absences';
import { ALL_LOCATIONS_LABEL, blockedPeriodMessage } from '@filialportal/core/blocked-periods';
import { MSG } from '@filialportal/core/messages';
import { parseSort } from '@filialportal/core/sort';
import { can, type Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import { type ServiceDeps } from '../../platform/deps.ts';
import { formatDate, TODAY_IN_DATABASE, todayIso } from '../../platform/dates.ts';
import { inBatches } from '../../platform/exports.ts';
import { likeTerm, pageSize, totalColumn, totalOf } from '../../platform/paging.ts';
import { builtPerActor, named } from '../../platform/prepared.ts';
import { inScope, scopeOf, scopeWhere, type ScopeRule } from '../../platform/scope.ts';
import { locations } from '../locations/index.ts';
import { personSearch, users } from '../users/index.ts';
import { absences } from './absences.table.ts';
import { deputiesColumn } from './deputies.service.ts';
import { blockedColumn } from './blocked-periods.service.ts';
import { accountsForYears, type Accounts } from './contingents.service.ts';
import { ALL, OWN_LOCATION, SUBGROUPS } from './vacation-approvers.ts';

/**
 * Whose requests the actor sees and processes (spec 1 §6): everyone with the "all" permission;
 * people of subordinate groups anywhere, or only at the own location; always the own ones.
 */
export const VACATION_SCOPE: ScopeRule = { all: ALL, subordinateGroups: SUBGROUPS, subordinateGroupsAtOwnLocation: OWN_LOCATION, self: true };
const requestColumns = { userId: absences.userId, groupId: users.groupId, locationId: users.locationId };

/** Ordinary vacation counts against the contingent; special leave and overtime do not. */
export const countsAgainst = (a: { specialHoliday: boolean; overtimeDeduction: boolean }) => !a.specialHoliday && !a.overtimeDeduction;


export interface VacationListQuery {
  from: number;
  location: string;
  view: '1' | '2' | '3' | '5';
  year?: number | null;
  searchTerm?: string;
  sort?: string;
}

const confirmer = alias(users, 'confirmer');
const SORT = ['lastName', 'firstName', 'startDate', 'endDate', 'createdAt', 'countDays', 'confirmedAt'] as const;
const sortColumn: Record<(typeof SORT)[number], AnyPgColumn> = {
  lastName: users.lastName,
  firstName: users.firstName,
  startDate: absences.startDate,
  endDate: absences.endDate,
  createdAt: absences.createdAt,
  countDays: absences.countDays,
  confirmedAt: absences.confirmedAt,
};

function viewFilter(view: VacationListQuery['view']): SQL {
  switch (view) {
    case '1':
      // Written as the predicate of absences_vacation_open_idx, so the planner can use it.
      return sql`not ${absences.approved} and not ${absences.declined}`;
    // Views 2 and 3: as the predicate of absences_vacation_approved_idx; today from the database,
    // so the prepared list keeps one plan.
    case '2':
      return sql`${absences.approved} and ${absences.endDate} >= ${TODAY_IN_DATABASE}`;
    case '3':
      return sql`${absences.approved} and ${absences.endDate} < ${TODAY_IN_DATABASE}`;
    // A literal, not a parameter: `declined = $1` PostgreSQL estimates at half the rows in the
    // generic plan and so plans anew on every call.
    case '5':
      return sql`${absences.declined}`;
  }
}

/** The values a list's filter compares with: written in, or placeholders of a prepared list. */
interface FilterValues {
  id: unknown;
  location: unknown;
  term: unknown;
  yearStart: unknown;
  yearEnd: unknown;
}

const filterValues = (q: Partial<VacationListQuery> & { id?: string }): FilterValues => ({
  id: q.id ?? null,
  location: q.location ?? 'all',
  term: likeTerm(q.searchTerm?.trim().toLowerCase() ?? ''),
  yearStart: q.year ? `${q.year}-01-01` : null,
  yearEnd: q.year ? `${q.year}-12-31` : null,
});
const FILTER_PLACEHOLDERS: FilterValues = {
  id: sql.placeholder('id'),
  location: sql.placeholder('location'),
  term: sql.placeholder('term'),
  yearStart: sql.placeholder('yearStart'),
  yearEnd: sql.placeholder('yearEnd'),
};

function listFilter(actor: Actor, q: Partial<VacationListQuery> & { id?: string }, v: FilterValues = filterValues(q)): SQL | undefined {
  const term = q.searchTerm?.trim().toLowerCase();
  return and(
    sql`${absences.kind} = 'vacation'`,
    q.id ? sql`${absences.id} = ${v.id}` : undefined,
    q.view ? viewFilter(q.view) : undefined,
    scopeWhere(scopeOf(actor, VACATION_SCOPE), requestColumns),
    q.location && q.location !== 'all' && can(actor, 'urlaub_nach_filiale_filtern') ? sql`${users.locationId} = ${v.location}` : undefined,
    // A placeholder stands for the pattern; a request's own values give the term itself.
    term && can(actor, 'urlaub_nach_mitarbeiter_filtern') ? personSearch(typeof v.term === 'string' ? term : (v.term as Placeholder)) : undefined,
    q.year ? sql`${absences.startDate} <= ${v.yearEnd} and ${absences.endDate} >= ${v.yearStart}` : undefined,
  );
}

function baseQuery(db: Db, total: SQL<number> = totalColumn(null)) {
  return db
    .select({
      a: absences,
      lastName: users.lastName,
      firstName: users.firstName,
      personalNumber: users.personalNumber,
      groupId: users.groupId,
      locationId: users.locationId,
      locationLabel: locations.name,
      confirmerName: sql<string | null>`${confirmer.firstName} || ' ' || ${confirmer.lastName}`,
      deputies: deputiesColumn,
      blocked: blockedColumn,
      total,
    })
    .from(absences)
    .leftJoin(users, eq(users.id, absences.userId))
    .leftJoin(locations, eq(locations.id, users.locationId))
    .leftJoin(confirmer, eq(confirmer.id, absences.confirmedBy));
}

/**
 * Whether the filter reads the person's columns. Without it the count joins nobody: PostgreSQL 15
 * removes an unused left join but still reads the join column, which rules out an index-only count.
 */
function filtersPeople(actor: Actor, q: Partial<VacationListQuery>): boolean {
  return (
    scopeOf(actor, VACATION_SCOPE).kind !== 'everything' ||
    Boolean(q.location && q.location !== 'all' && can(actor, 'urlaub_nach_filiale_filtern')) ||
    Boolean(q.searchTerm?.trim() && can(actor, 'urlaub_nach_mitarbeiter_filtern'))
  );
}

function countQuery(db: Db, actor: Actor, q: Partial<VacationListQuery> & { id?: string }, v?: FilterValues) {
  const from = db.select({ n: count() }).from(absences);
  return (filtersPeople(actor, q) ? from.leftJoin(users, eq(users.id, absences.userId)) : from).where(listFilter(actor, q, v));
}

/** A page of requests; `withTotal` adds the count of the whole selection to each row (same statement). */
function queryRows(
  db: Db,
  actor: Actor,
  q: Partial<VacationListQuery> & { id?: string },
  page?: { limit: number | Placeholder; offset: number | Placeholder },
  withTotal = false,
  v?: FilterValues,
) {
  const s = parseSort(q.sort, SORT);
  // Newest first in views 3 and 5, with the id descending too: the order of absences_vacation_start_idx.
  const newestFirst = q.view === '3' || q.view === '5';
  const order = s ? [(s.desc ? desc : asc)(sortColumn[s.field]), asc(absences.id)] : newestFirst ? [desc(absences.startDate), desc(absences.id)] : [asc(absences.startDate), asc(absences.id)];
  const query = baseQuery(db, totalColumn(withTotal ? countQuery(db, actor, q, v) : null))
    .where(listFilter(actor, q, v))
    .orderBy(...order);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

async function listRows(db: Db, actor: Actor, q: Partial<VacationListQuery> & { id?: string }, page?: { limit: number; offset: number }) {
  return toDtos(db, actor, await queryRows(db, actor, q, page));
}

/** The quota rule (core quotaExceeded) for one person over the given years, from the accounts at hand. */
export const quotaOf = (known: Accounts, userId: string, years: Iterable<number>) =>
  quotaExceeded(years, (y) => known.byYear.get(`${userId}:${y}`), (y) => known.pending.get(`${userId}:${y}`) ?? 0);

/**
 * The quota warning of an open request (spec 1 §2, §8): the first year it touches in which the
 * person's open requests need more days than remain of that year's account.
 */
function exceedsOf(r: { a: typeof absences.$inferSelect }, known: Accounts): { exceeds: [number, number]; year: number } | null {
  if (r.a.approved || r.a.declined || !r.a.userId || !countsAgainst(r.a)) return null;
  const over = quotaOf(known, r.a.userId, Object.keys(r.a.daysByYear).map(Number));
  return over ? { exceeds: [over.open, over.remaining], year: over.year } : null;
}

/** `known`: the accounts of the rows' people and years when the caller has them already. */
async function toDtos(db: Db, actor: Actor, rows: Awaited<ReturnType<typeof queryRows>>, known?: Accounts) {
  // Quota warnings of open requests: one statement for the accounts of the page's people, every year they touch.
  const open = rows.filter((r) => !r.a.approved && !r.a.declined && r.a.userId && countsAgainst(r.a));
  const userIds = [...new Set(open.map((r) => r.a.userId!))];
  const years = [...new Set(open.flatMap((r) => Object.keys(r.a.daysByYear).map(Number)))];
  const accounts = known ?? (await accountsForYears({ db }, { userIds, years }));
  const scope = scopeOf(actor, VACATION_SCOPE);
  return rows.map((r) => {
    const over = exceedsOf(r, accounts);
    const own = r.a.userId === actor.userId;
    const mayProcess = (!own || can(actor, 'urlaub_eigene_bearbeiten')) && (own || inScope(scope, r));
    return {
      id: r.a.id,
      userId: r.a.userId,
      userData: r.a.userId ? [r.lastName, r.firstName, r.locationLabel, r.personalNumber ?? ''].join(', ') : MSG.deletedUser,
      lastName: r.lastName ?? MSG.deletedUser,
      firstName: r.firstName ?? '',
      locationLabel: r.locationLabel ?? '',
      personalNumber: r.personalNumber ?? '',
      startDate: r.a.startDate,
      endDate: r.a.endDate,
      startDateFormated: formatDate(r.a.startDate),
      endDateFormated: formatDate(r.a.endDate),
      createdAtFormated: formatDate(r.a.createdAt),
      countDays: Number(r.a.countDays),
      dayLength: r.a.dayLength as DayLength,
      confirmedByData: r.confirmerName ?? (r.a.confirmedBy === null && r.a.confirmedAt ? MSG.deletedUser : ''),
      confirmedAtFormated: formatDate(r.a.confirmedAt),
      approved: r.a.approved,
      declined: r.a.declined,
      state: absenceStateLabel(r.a),
      status: '3',
      statusLabel: 'Urlaub',
      specialHoliday: r.a.specialHoliday,
      reason: r.a.reason,
      overtimeDeduction: r.a.overtimeDeduction,
      overtime: r.a.overtime === null ? null : Number(r.a.overtime),
      exceeds: over ? over.exceeds : null,
      exceedsYear: over ? over.year : null,
      declineReason: r.a.declined ? r.a.declineReason : '',
      // Open requests inside a blocked period (filed before it was set): the approver sees it in the row.
      blockedPeriod: r.blocked ? blockedPeriodMessage({ startDate: r.blocked[0], endDate: r.blocked[1], reason: r.blocked[2], locationLabel: r.blocked[3] ?? ALL_LOCATIONS_LABEL }) : '',
      warnings: !r.a.approved && !r.a.declined ? r.a.warnings : [],
      deputies: r.deputies.map(([userId, name, declined, declineReason]) => ({ userId, name, declined, declineReason })),
      approvalNote: r.a.approved ? r.a.approvalNote : '',
      creditedDays: r.a.approved ? r.a.creditedDates.length * dayFactor(r.a.dayLength) : 0,
      canAccept: mayProcess && !r.a.approved,
      canDecline: mayProcess && !r.a.declined && r.a.endDate >= todayIso(),
      canDelete: (can(actor, 'urlaub_can_delete') && (own || inScope(scope, r))) || (own && !r.a.approved && !r.a.declined),
    };
  });
}

/**
 * One request as the lists show it: the answer of a request and of a decision. `known`: the
 * accounts of its person and years when the caller has them already.
 */
export async function requestAnswer({ db }: ServiceDeps<'db'>, actor: Actor, { id, known }: { id: string; known?: Accounts }) {
  const [appointment] = await toDtos(db, actor, await queryRows(db, actor, { id }), known);
  return appointment;
}

/** GET /absence/{from}/{location}/{view}: 20 rows from `from`, with the total count. */
export async function listVacation({ db }: ServiceDeps<'db'>, actor: Actor, q: VacationListQuery) {
  // Built once per person and shape (the filters set, the sort), then only executed (platform/prepared.ts).
  // The shape keeps which filters are set, not their values (those are the statement's placeholders).
  // The first page has no offset in its text: with `offset $n` the planner never keeps a plan.
  const first = q.from === 0;
  const shape: VacationListQuery = { from: first ? 0 : 1, view: q.view, location: q.location === 'all' ? 'all' : 'one', year: q.year ? 1 : null, searchTerm: q.searchTerm?.trim() ? 'set' : '', sort: q.sort };
  const page = listPages(actor, JSON.stringify(shape), () =>
    named(queryRows(db, actor, shape, { limit: pageSize(VACATION_PAGE_SIZE), offset: first ? pageSize(0) : sql.placeholder('from') }, true, FILTER_PLACEHOLDERS)),
  );
  const rows = await page.execute({ ...filterValues(q), from: q.from });
  // A page past the end has no row to carry the total: counted on its own (rarely).
  return { absences: await toDtos(db, actor, rows), count: await totalOf(rows, rows.length ? Promise.resolve([]) : countQuery(db, actor, q)) };
}

const listPages = builtPerActor<ReturnType<typeof named<ReturnType<typeof queryRows>>>>();

export function vacationExportRows({ db }: ServiceDeps<'db'>, actor: Actor, q: Omit<VacationListQuery, 'from'>) {
  return inBatches((limit, offset) => listRows(db, actor, q, { limit, offset }));
}
