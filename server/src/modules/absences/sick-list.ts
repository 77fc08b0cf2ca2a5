/** The sick-report lists: a page of reports (views 2–4), their export, and the sick days per person. */
import { and, asc, count, desc, eq, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { VACATION_PAGE_SIZE } from '@filialportal/core/absences';
import { MSG } from '@filialportal/core/messages';
import { parseSort } from '@filialportal/core/sort';
import type { Certificate, SickKind } from '@filialportal/core/sick-reports';
import { can, type Actor } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { formatDate, TODAY_IN_DATABASE, todayIso } from '../../platform/dates.ts';
import { inBatches } from '../../platform/exports.ts';
import { files } from '../../platform/files.table.ts';
import { likeTerm, pageSize, totalColumn, totalOf } from '../../platform/paging.ts';
import { builtPerActor, named } from '../../platform/prepared.ts';
import { inScope, scopeOf, scopeWhere, type ScopeRule } from '../../platform/scope.ts';
import { locations } from '../locations/index.ts';
import { userGroups } from '../teams/index.ts';
import { personSearch, users } from '../users/index.ts';
import { absences } from './absences.table.ts';
import { SICK_EDIT_ALL, SICK_EDIT_OWN } from './notices.ts';

const EDIT_ALL = SICK_EDIT_ALL;
const EDIT_OWN = SICK_EDIT_OWN;
const DELETE_ALL = 'krankmeldungen_von_allen_l_schen';
const DELETE_OWN = 'krankmeldungen_aus_eigener_filiale_l_schen';

/** Sick reports of everyone, or of the own location only (spec 1 §6). */
const SEE: ScopeRule = { all: EDIT_ALL, ownLocation: true };
export const EDIT: ScopeRule = { all: EDIT_ALL, ownLocation: EDIT_OWN };
export const DELETE: ScopeRule = { all: DELETE_ALL, ownLocation: DELETE_OWN };
const SICK = sql`${absences.kind} = 'sick'`;
const scope = (actor: Actor) => scopeWhere(scopeOf(actor, SEE), { locationId: users.locationId });

export interface SickListQuery {
  from: number;
  location: string;
  view: '2' | '3' | '4';
  year?: number | null;
  searchTerm?: string;
  sort?: string;
}

/** Which filters a list request sets, how it sorts, and whether it asks the first page: one statement per person and shape. */
interface SickShape {
  view?: SickListQuery['view'];
  location: boolean;
  term: boolean;
  year: boolean;
  sort?: string;
  first: boolean;
}
/** The values the filter compares with: a request's own, or placeholders of a prepared list. */
type SickValues = Record<'location' | 'term' | 'yearStart' | 'yearEnd' | 'from', unknown>;
const SICK_PLACEHOLDERS: SickValues = {
  location: sql.placeholder('location'),
  term: sql.placeholder('term'),
  yearStart: sql.placeholder('yearStart'),
  yearEnd: sql.placeholder('yearEnd'),
  from: sql.placeholder('from'),
};

function shapeOf(actor: Actor, q: Omit<SickListQuery, 'from' | 'view'> & { view?: SickListQuery['view']; from?: number }): { shape: SickShape; values: SickValues } {
  const term = q.searchTerm?.trim().toLowerCase() ?? '';
  const shape = {
    view: q.view,
    location: q.location !== 'all' && can(actor, 'krankmeldungen_nach_filiale_filtern'),
    term: term !== '' && can(actor, 'krankmeldungen_nach_mitarbeiter_filtern'),
    year: Boolean(q.year),
    sort: q.sort,
    first: !q.from,
  };
  const values = { location: q.location, term, yearStart: `${q.year}-01-01`, yearEnd: `${q.year}-12-31`, from: q.from ?? 0 };
  return { shape, values };
}

function filters(actor: Actor, shape: SickShape, v: SickValues) {
  return and(
    scope(actor),
    // Today from the database and the kind as a literal, not as parameters: the prepared list keeps
    // one plan (docs/decisions/generische-plaene.md).
    shape.view === '2' ? sql`${absences.endDate} >= ${TODAY_IN_DATABASE}` : shape.view === '3' ? sql`${absences.endDate} < ${TODAY_IN_DATABASE}` : undefined,
    shape.location ? sql`${users.locationId} = ${v.location}` : undefined,
    // A placeholder stands for the pattern (likeTerm of the term); a request's own value is the term.
    shape.term ? personSearch(v.term as string | Placeholder) : undefined,
    shape.year ? sql`${absences.startDate} <= ${v.yearEnd} and ${absences.endDate} >= ${v.yearStart}` : undefined,
  );
}

const SORT = ['lastName', 'firstName', 'startDate', 'endDate', 'countDays', 'createdAt'] as const;
const sortColumn: Record<(typeof SORT)[number], AnyPgColumn> = {
  lastName: users.lastName,
  firstName: users.firstName,
  startDate: absences.startDate,
  endDate: absences.endDate,
  countDays: absences.countDays,
  createdAt: absences.createdAt,
};

/** Whether the filter reads the person's columns; otherwise the count joins nobody (index-only). */
const filtersPeople = (actor: Actor, shape: SickShape) => scopeOf(actor, SEE).kind !== 'everything' || shape.location || shape.term;

function sickCount(db: Db, actor: Actor, shape: SickShape, where: SQL | undefined) {
  const from = db.select({ n: count() }).from(absences);
  return (filtersPeople(actor, shape) ? from.leftJoin(users, eq(users.id, absences.userId)) : from).where(and(SICK, where));
}

/**
 * Vacation days this report credited back (§ 9 BUrlG): the credited dates of the person's
 * vacations that lie in the report's period (absences_user_end_idx finds the vacations).
 */
const creditedDays = sql<number>`(select coalesce(sum(case when v.day_length = 'full' then 1 else 0.5 end), 0)::float from ${absences} v, unnest(v.credited_dates) c
  where v.user_id = ${absences.userId} and v.end_date >= ${absences.startDate} and v.kind = 'vacation' and v.start_date <= ${absences.endDate}
    and c between ${absences.startDate} and ${absences.endDate})`;

/** Who entered a report. */
const confirmer = alias(users, 'confirmer');

/** The list's rows in its order, with the total of the filter as a column when a count is given. */
function rowsQuery(db: Db, where: SQL | undefined, shape: SickShape, count: SQLWrapper | null) {
  const s = parseSort(shape.sort, SORT);
  return db
    .select({
      total: totalColumn(count), a: absences, credited: creditedDays, lastName: users.lastName, firstName: users.firstName, personalNumber: users.personalNumber,
      locationId: users.locationId, locationLabel: locations.name, confirmerName: sql<string | null>`${confirmer.firstName} || ' ' || ${confirmer.lastName}`,
      fileName: files.name, fileSize: files.size, fileType: files.mimeType,
    })
    .from(absences)
    .leftJoin(users, eq(users.id, absences.userId))
    .leftJoin(locations, eq(locations.id, users.locationId))
    .leftJoin(confirmer, eq(confirmer.id, absences.confirmedBy))
    .leftJoin(files, eq(files.id, absences.certificateFileId))
    .where(and(SICK, where))
    .orderBy(...(s ? [(s.desc ? desc : asc)(sortColumn[s.field])] : [shape.view === '2' ? asc(absences.startDate) : desc(absences.startDate)]), asc(absences.id));
}

/**
 * A page with its total in one statement, over placeholders: built once per person and shape and
 * prepared by name (platform/prepared.ts). The first page has no offset in its text: with
 * `offset $n` the planner never keeps a plan.
 */
function pageQuery(db: Db, actor: Actor, shape: SickShape) {
  const where = filters(actor, shape, SICK_PLACEHOLDERS);
  return rowsQuery(db, where, shape, sickCount(db, actor, shape, where))
    .limit(pageSize(VACATION_PAGE_SIZE))
    .offset(shape.first ? pageSize(0) : (SICK_PLACEHOLDERS.from as number));
}
const sickPages = builtPerActor<ReturnType<ReturnType<typeof pageQuery>['prepare']>>();

type SickRow = Awaited<ReturnType<typeof rowsQuery>>[number];

function toSickReports(actor: Actor, list: SickRow[]) {
  const [edit, remove] = [scopeOf(actor, EDIT), scopeOf(actor, DELETE)];
  return list.map((r) => ({
    id: r.a.id,
    userId: r.a.userId,
    userData: r.a.userId ? [r.lastName, r.firstName, r.locationLabel].join(', ') : MSG.deletedUser,
    lastName: r.lastName ?? MSG.deletedUser,
    firstName: r.firstName ?? '',
    personalNumber: r.personalNumber ?? '',
    locationLabel: r.locationLabel ?? '',
    startDate: r.a.startDate,
    endDate: r.a.endDate,
    startDateFormated: formatDate(r.a.startDate),
    endDateFormated: formatDate(r.a.endDate),
    countDays: Number(r.a.countDays),
    creditedDays: Number(r.credited),
    kind: r.a.sickKind as SickKind,
    certificate: r.a.certificate as Certificate | null,
    // Health data: the file only for those who handle this person's sick reports.
    certificateFile: r.fileName !== null && inScope(edit, r) ? { name: r.fileName, size: r.fileSize!, mimeType: r.fileType! } : null,
    createdAtFormated: formatDate(r.a.createdAt),
    // Who entered (confirmed) the report and when (spec 1 §3 Sick report).
    confirmedByData: r.confirmerName ?? (r.a.confirmedBy === null && r.a.confirmedAt ? MSG.deletedUser : ''),
    confirmedAtFormated: formatDate(r.a.confirmedAt),
    status: '2',
    statusLabel: 'Krank',
    approved: true,
    canEdit: inScope(edit, r),
    canDelete: inScope(remove, r),
  }));
}

/** GET /sickreport/{from}/{location}/{view} */
export async function listSickReports({ db }: ServiceDeps<'db'>, actor: Actor, q: SickListQuery) {
  const { shape, values } = shapeOf(actor, q);
  const list = await sickPages(actor, JSON.stringify(shape), () => named(pageQuery(db, actor, shape))).execute({ ...values, term: likeTerm(values.term as string) });
  // A page past the end has no row to carry the total: counted on its own (rarely).
  const count = await totalOf(list, list.length ? Promise.resolve([]) : sickCount(db, actor, shape, filters(actor, shape, values)));
  return { sickReports: toSickReports(actor, list), count };
}

/** An export of sick reports reads health data in bulk: it is recorded in the trail (which list, not whose rows). */
export async function recordSickExport({ db }: ServiceDeps<'db'>, actor: Actor, q: Omit<SickListQuery, 'from'>) {
  await audit(db, actor, { entity: 'sick_report', id: `${q.location}/${q.view}`, action: 'export', after: { year: q.year ?? null, searchTerm: q.searchTerm ?? '' } });
}

export function sickExportRows({ db }: ServiceDeps<'db'>, actor: Actor, q: Omit<SickListQuery, 'from'>) {
  const { shape, values } = shapeOf(actor, q);
  const where = filters(actor, shape, values);
  return inBatches(async (limit, offset) => toSickReports(actor, await rowsQuery(db, where, shape, null).limit(limit).offset(offset)));
}

const SUMMARY_SORT = ['teamSortIndex', 'lastName', 'firstName', 'personalNumber', 'locationLabel', 'sickDaysThisYear', 'sickDaysLastYear'] as const;

/**
 * GET /sickreport/summary/{from}/{location}: sick days per person this year and last year
 * (the year filter picks "this year"), from the stored per-year counts in one query.
 */
export async function sickSummary(
  { db }: ServiceDeps<'db'>,
  actor: Actor,
  q: Omit<SickListQuery, 'view'> & { page?: { limit: number; offset: number } | null },
) {
  const { page = { limit: VACATION_PAGE_SIZE, offset: q.from } } = q;
  const year = q.year ?? Number(todayIso().slice(0, 4));
  const term = q.searchTerm?.trim();
  const where = and(
    eq(users.active, true),
    scope(actor),
    q.location !== 'all' && can(actor, 'krankmeldungen_nach_filiale_filtern') ? eq(users.locationId, q.location) : undefined,
    term && can(actor, 'krankmeldungen_nach_mitarbeiter_filtern')
      ? personSearch(term)
      : undefined,
  );
  // 'Kind krank' is counted apart from the own sickness.
  const daysIn = (y: number, kind: SickKind) =>
    sql<number>`coalesce((select sum((a.days_by_year ->> ${String(y)})::numeric) from ${absences} a where a.kind = 'sick' and a.user_id = ${users.id} and a.sick_kind = ${kind}), 0)::float`;
  const thisYear = daysIn(year, 'own');
  const lastYear = daysIn(year - 1, 'own');
  const s = parseSort(q.sort, SUMMARY_SORT);
  const columns = { teamSortIndex: userGroups.sortingIndex, lastName: users.lastName, firstName: users.firstName, personalNumber: users.personalNumber, locationLabel: locations.name, sickDaysThisYear: thisYear, sickDaysLastYear: lastYear };
  const countQuery = db.select({ n: count() }).from(users).where(where);
  const base = db
    .select({
      total: totalColumn(page ? countQuery : null),
      id: users.id,
      lastName: users.lastName,
      firstName: users.firstName,
      personalNumber: users.personalNumber,
      locationLabel: locations.name,
      teamSortIndex: userGroups.sortingIndex,
      sickDaysThisYear: thisYear,
      sickDaysLastYear: lastYear,
      childSickDaysThisYear: daysIn(year, 'child'),
      childSickDaysLastYear: daysIn(year - 1, 'child'),
    })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .innerJoin(locations, eq(locations.id, users.locationId))
    .where(where)
    .orderBy(...(s ? [(s.desc ? desc : asc)(columns[s.field])] : [asc(userGroups.sortingIndex)]), asc(users.lastName), asc(users.id));
  const list = await (page ? base.limit(page.limit).offset(page.offset) : base);
  const total = page ? await totalOf(list, countQuery) : list.length;
  return {
    users: list.map((r) => ({
      id: r.id,
      lastName: r.lastName,
      firstName: r.firstName,
      personalNumber: r.personalNumber ?? '',
      locationLabel: r.locationLabel,
      teamSortIndex: r.teamSortIndex,
      searchName: `${r.lastName} ${r.firstName}`,
      sickDaysThisYear: Number(r.sickDaysThisYear),
      sickDaysLastYear: Number(r.sickDaysLastYear),
      childSickDaysThisYear: Number(r.childSickDaysThisYear),
      childSickDaysLastYear: Number(r.childSickDaysLastYear),
    })),
    count: total,
  };
}

/** One report as the lists show it to the actor (after a change that concerns only it). */
export async function sickReportRow({ db }: ServiceDeps<'db'>, actor: Actor, id: string) {
  const [sickReport] = toSickReports(actor, await rowsQuery(db, eq(absences.id, id), { location: false, term: false, year: false, first: true }, null));
  return sickReport;
}

