import { and, asc, count, desc, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { countWorkingDaysByYear, sickCreditDates, VACATION_PAGE_SIZE } from '@filialportal/core/absences';
import { regionHolidays } from '@filialportal/core/holidays';
import { MSG } from '@filialportal/core/messages';
import { parseSort } from '@filialportal/core/sort';
import type { Certificate, SickKind, TSickReport } from '@filialportal/core/sick-reports';
import { can, type Actor } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { type ServiceDeps, withDb } from '../../platform/deps.ts';
import { formatDate, todayIso } from '../../platform/dates.ts';
import { AppError, forbidden, notFound, onConstraint } from '../../platform/errors.ts';
import { totalColumn, totalOf } from '../../platform/paging.ts';
import { inBatches } from '../../platform/exports.ts';
import { inScope, scopeOf, scopeWhere, type ScopeRule } from '../../platform/scope.ts';
import { locations } from '../locations/index.ts';
import { userGroups } from '../teams/index.ts';
import { personSearch, users } from '../users/index.ts';
import { files } from '../../platform/files.table.ts';
import { deleteFiles } from '../../platform/uploads.ts';
import { absences } from './absences.table.ts';
import { taskWhenContinuedPayEnds } from './sick-notes.ts';
import { notifySickReport, SICK_EDIT_ALL, SICK_EDIT_OWN } from './notices.ts';
import { mailCreditChanges, recomputeSickCredits } from './sick-credit.ts';
import { lockPerson } from './absence-people.ts';

const EDIT_ALL = SICK_EDIT_ALL;
const EDIT_OWN = SICK_EDIT_OWN;
const DELETE_ALL = 'krankmeldungen_von_allen_l_schen';
const DELETE_OWN = 'krankmeldungen_aus_eigener_filiale_l_schen';

/** Sick reports of everyone, or of the own location only (spec 1 §6). */
const SEE: ScopeRule = { all: EDIT_ALL, ownLocation: true };
const EDIT: ScopeRule = { all: EDIT_ALL, ownLocation: EDIT_OWN };
const DELETE: ScopeRule = { all: DELETE_ALL, ownLocation: DELETE_OWN };
const scope = (actor: Actor) => scopeWhere(scopeOf(actor, SEE), { locationId: users.locationId });
const mayEdit = (actor: Actor, locationId: string | null) => inScope(scopeOf(actor, EDIT), { locationId });
const mayDelete = (actor: Actor, locationId: string | null) => inScope(scopeOf(actor, DELETE), { locationId });

export interface SickListQuery {
  from: number;
  location: string;
  view: '2' | '3' | '4';
  year?: number | null;
  searchTerm?: string;
  sort?: string;
}

function filters(actor: Actor, q: Omit<SickListQuery, 'from' | 'view'> & { view?: SickListQuery['view'] }) {
  const term = q.searchTerm?.trim();
  const today = todayIso();
  return and(
    scope(actor),
    q.view === '2' ? gte(absences.endDate, today) : q.view === '3' ? sql`${absences.endDate} < ${today}` : undefined,
    q.location !== 'all' && can(actor, 'krankmeldungen_nach_filiale_filtern') ? eq(users.locationId, q.location) : undefined,
    term && can(actor, 'krankmeldungen_nach_mitarbeiter_filtern')
      ? personSearch(term)
      : undefined,
    q.year ? and(lte(absences.startDate, `${q.year}-12-31`), gte(absences.endDate, `${q.year}-01-01`)) : undefined,
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
function filtersPeople(actor: Actor, q: Omit<SickListQuery, 'from' | 'view'>): boolean {
  return (
    scopeOf(actor, SEE).kind !== 'everything' ||
    (q.location !== 'all' && can(actor, 'krankmeldungen_nach_filiale_filtern')) ||
    Boolean(q.searchTerm?.trim() && can(actor, 'krankmeldungen_nach_mitarbeiter_filtern'))
  );
}

function sickCount(db: Db, where: SQL | undefined, joinPeople: boolean) {
  const from = db.select({ n: count() }).from(absences);
  return (joinPeople ? from.leftJoin(users, eq(users.id, absences.userId)) : from).where(and(eq(absences.kind, 'sick'), where));
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

async function rows(db: Db, actor: Actor, where: SQL | undefined, sort: string | undefined, view: string | undefined, page?: { limit: number; offset: number }, count?: () => ReturnType<typeof sickCount>) {
  const s = parseSort(sort, SORT);
  const q = db
    .select({
      total: totalColumn(count ? count() : null), a: absences, credited: creditedDays, lastName: users.lastName, firstName: users.firstName, personalNumber: users.personalNumber,
      locationId: users.locationId, locationLabel: locations.name, confirmerName: sql<string | null>`${confirmer.firstName} || ' ' || ${confirmer.lastName}`,
      fileName: files.name, fileSize: files.size, fileType: files.mimeType,
    })
    .from(absences)
    .leftJoin(users, eq(users.id, absences.userId))
    .leftJoin(locations, eq(locations.id, users.locationId))
    .leftJoin(confirmer, eq(confirmer.id, absences.confirmedBy))
    .leftJoin(files, eq(files.id, absences.certificateFileId))
    .where(and(eq(absences.kind, 'sick'), where))
    .orderBy(...(s ? [(s.desc ? desc : asc)(sortColumn[s.field])] : [view === '2' ? asc(absences.startDate) : desc(absences.startDate)]), asc(absences.id));
  const list = await (page ? q.limit(page.limit).offset(page.offset) : q);
  const [edit, remove] = [scopeOf(actor, EDIT), scopeOf(actor, DELETE)];
  const total = count ? await totalOf(list, count()) : list.length;
  return { total, list: list.map((r) => ({
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
  })) };
}

/** GET /sickreport/{from}/{location}/{view} */
export async function listSickReports({ db }: ServiceDeps<'db'>, actor: Actor, q: SickListQuery) {
  const where = filters(actor, q);
  const countOf = () => sickCount(db, where, filtersPeople(actor, q));
  const { list, total } = await rows(db, actor, where, q.sort, q.view, { limit: VACATION_PAGE_SIZE, offset: q.from }, countOf);
  return { sickReports: list, count: total };
}

/** An export of sick reports reads health data in bulk: it is recorded in the trail (which list, not whose rows). */
export async function recordSickExport({ db }: ServiceDeps<'db'>, actor: Actor, q: Omit<SickListQuery, 'from'>) {
  await audit(db, actor, { entity: 'sick_report', id: `${q.location}/${q.view}`, action: 'export', after: { year: q.year ?? null, searchTerm: q.searchTerm ?? '' } });
}

export function sickExportRows({ db }: ServiceDeps<'db'>, actor: Actor, q: Omit<SickListQuery, 'from'>) {
  const where = filters(actor, q);
  return inBatches(async (limit, offset) => (await rows(db, actor, where, q.sort, q.view, { limit, offset })).list);
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

async function target(db: Db, userId: string) {
  const [p] = await db
    .select({ id: users.id, locationId: users.locationId, freeDays: users.freeDays, region: locations.region })
    .from(users)
    .innerJoin(locations, eq(locations.id, users.locationId))
    .where(eq(users.id, userId));
  return p;
}

/** What the audit trail compares of a sick report; `certificateKind` apart from the certificate's file. */
const auditedColumns = { userId: absences.userId, startDate: absences.startDate, endDate: absences.endDate, countDays: absences.countDays, kind: absences.sickKind, certificateKind: absences.certificate };

/** A stored report with who may change it and what the trail compares. */
async function storedReport(db: Db, id: string) {
  const [row] = await db
    .select({ locationId: users.locationId, certificateFileId: absences.certificateFileId, fields: auditedColumns })
    .from(absences)
    .leftJoin(users, eq(users.id, absences.userId))
    .where(and(eq(absences.id, id), eq(absences.kind, 'sick')));
  return row;
}

type AuditedReport = { userId: string | null; startDate: string; endDate: string; countDays: number; kind: string; certificateKind: string | null };

/**
 * The trail's entries of a saved report. A report moved to another person is two entries, each
 * sealed with its own person's key, so erasing one person erases only their values; a deleted
 * person's values are not written again.
 */
async function auditSave(tx: Db, actor: Actor, { id, before, after }: { id: string; before: AuditedReport | undefined; after: AuditedReport }) {
  const record = { entity: 'sick_report', id } as const;
  if (!before) return audit(tx, actor, { ...record, action: 'create', subject: after.userId, after });
  if (before.userId === after.userId) return audit(tx, actor, { ...record, action: 'update', subject: after.userId, before, after });
  if (before.userId) await audit(tx, actor, { ...record, action: 'update', subject: before.userId, before, after: { userId: after.userId } });
  await audit(tx, actor, { ...record, action: 'update', subject: after.userId, before: { userId: before.userId }, after });
}

/** POST /sickreport, PUT /sickreport/{id}: counted like vacation; no two reports overlap. */
export async function saveSickReport(deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>, actor: Actor, { id, sickReport: input }: { id: string | null; sickReport: TSickReport }) {
  const { db } = deps;
  const p = await target(db, input.userId);
  if (!p || !mayEdit(actor, p.locationId)) throw notFound(MSG.employeeRequired);
  const existing = id ? await storedReport(db, id) : undefined;
  if (id && (!existing || !mayEdit(actor, existing.locationId))) throw notFound();
  const [overlap] = await db
    .select({ id: absences.id })
    .from(absences)
    .where(and(eq(absences.kind, 'sick'), eq(absences.userId, p.id), lte(absences.startDate, input.endDate), gte(absences.endDate, input.startDate), id ? ne(absences.id, id) : undefined));
  if (overlap) throw new AppError(422, 'duplicate', MSG.sickDuplicate);
  const byYear = countWorkingDaysByYear(input.startDate, input.endDate, { freeDays: p.freeDays, holidays: regionHolidays(p.region) });
  const values = {
    kind: 'sick',
    userId: p.id,
    startDate: input.startDate,
    endDate: input.endDate,
    countDays: [...byYear.values()].reduce((a, b) => a + b, 0),
    daysByYear: Object.fromEntries([...byYear].map(([y, d]) => [String(y), d])),
    approved: true,
    sickKind: input.kind,
    certificate: input.certificate,
    confirmedBy: actor.userId,
    confirmedAt: new Date(),
  };
  // The check above answers the usual case; the database's constraint the parallel one.
  // The report and the credit of vacation it covers (§ 9 BUrlG) change together, under the person's lock.
  const { row, changes } = await db
    .transaction(async (tx) => {
      await lockPerson(tx, p.id);
      const [row] = await (id
        ? tx.update(absences).set(values).where(eq(absences.id, id)).returning({ id: absences.id })
        : tx.insert(absences).values({ ...values, createdBy: actor.userId }).returning({ id: absences.id }));
      const after = { userId: p.id, startDate: values.startDate, endDate: values.endDate, countDays: values.countDays, kind: values.sickKind, certificateKind: values.certificate };
      await auditSave(tx, actor, { id: row!.id, before: existing?.fields, after });
      const changes = await recomputeSickCredits(withDb(deps, tx), [p.id]);
      if (input.kind === 'own') await taskWhenContinuedPayEnds(withDb(deps, tx), { userId: p.id, startDate: input.startDate });
      return { row, changes };
    })
    .catch(onConstraint({ absences_sick_no_overlap: () => new AppError(422, 'duplicate', MSG.sickDuplicate) }));
  await mailCreditChanges(deps, changes);
  // A new report is news for HR; a corrected one is not told again.
  if (!id) await notifySickReport(deps, actor, { id: row!.id, userId: p.id, locationId: p.locationId, startDate: input.startDate, endDate: input.endDate });
  const {
    list: [sickReport],
  } = await rows(db, actor, eq(absences.id, row!.id), undefined, undefined);
  return { sickReport };
}

export async function deleteSickReport(deps: ServiceDeps<'db' | 'mailer' | 'log' | 'storage'>, actor: Actor, id: string) {
  const { db } = deps;
  const existing = await storedReport(db, id);
  if (!existing || (!mayEdit(actor, existing.locationId) && !mayDelete(actor, existing.locationId))) throw notFound();
  if (!mayDelete(actor, existing.locationId)) throw forbidden();
  // The certificate goes with its report.
  if (existing.certificateFileId) await deleteFiles(db, deps.storage, [existing.certificateFileId]);
  // Deleting the report takes back the vacation days it credited.
  const { userId } = existing.fields;
  const changes = await db.transaction(async (tx) => {
    if (userId) await lockPerson(tx, userId);
    await tx.delete(absences).where(eq(absences.id, id));
    const before = { ...existing.fields, certificate: existing.certificateFileId !== null };
    await audit(tx, actor, { entity: 'sick_report', id, action: 'delete', subject: userId, before });
    return userId ? recomputeSickCredits(withDb(deps, tx), [userId]) : [];
  });
  await mailCreditChanges(deps, changes);
}

/**
 * The hint before a sick report is saved: the approved ordinary vacation it lies on and the
 * working days of it that will be credited back.
 */
export async function previewSickCredit({ db }: ServiceDeps<'db'>, actor: Actor, input: TSickReport) {
  const p = await target(db, input.userId);
  if (!p || !mayEdit(actor, p.locationId)) throw notFound(MSG.employeeRequired);
  // A sick child credits no vacation back (§ 9 BUrlG is about one's own incapacity).
  if (input.kind === 'child') return { days: 0, vacations: [] };
  const list = await db
    .select({ startDate: absences.startDate, endDate: absences.endDate })
    .from(absences)
    .where(
      and(
        eq(absences.userId, p.id),
        gte(absences.endDate, input.startDate),
        eq(absences.kind, 'vacation'),
        lte(absences.startDate, input.endDate),
        sql`${absences.approved} and not ${absences.specialHoliday} and not ${absences.overtimeDeduction}`,
      ),
    )
    .orderBy(asc(absences.startDate));
  const rules = { freeDays: p.freeDays, holidays: regionHolidays(p.region) };
  const vacations = list
    .map((v) => ({ ...v, startDateFormated: formatDate(v.startDate), endDateFormated: formatDate(v.endDate), days: sickCreditDates(v, [input], rules).length }))
    .filter((v) => v.days > 0);
  return { days: vacations.reduce((n, v) => n + v.days, 0), vacations };
}

/** GET /countsickdays: sick days of a person (default: oneself) this year and last year. */
export async function countSickDays({ db }: ServiceDeps<'db'>, actor: Actor, userId: string | undefined) {
  const id = userId ?? actor.userId;
  if (id !== actor.userId) {
    const p = await target(db, id);
    if (!p || !mayEdit(actor, p.locationId)) throw notFound();
    // Another person's sick days are health data: each look at them goes into the trail.
    await audit(db, actor, { entity: 'sick_report', id, action: 'read', subject: id });
  }
  const year = Number(todayIso().slice(0, 4));
  const list = await db.select({ daysByYear: absences.daysByYear, sickKind: absences.sickKind }).from(absences).where(and(eq(absences.kind, 'sick'), eq(absences.userId, id)));
  const sum = (y: number, kind: SickKind) => list.reduce((acc, r) => acc + (r.sickKind === kind ? (r.daysByYear[String(y)] ?? 0) : 0), 0);
  return { userId: id, sickDaysThisYear: sum(year, 'own'), sickDaysLastYear: sum(year - 1, 'own'), childSickDaysThisYear: sum(year, 'child'), childSickDaysLastYear: sum(year - 1, 'child') };
}

/** One report as the lists show it to the actor (after a change that concerns only it). */
export async function sickReportRow({ db }: ServiceDeps<'db'>, actor: Actor, id: string) {
  const {
    list: [sickReport],
  } = await rows(db, actor, eq(absences.id, id), undefined, undefined);
  return sickReport;
}

/** Whether the actor holds the sick-report rights for the people of a location (what a feed may tell). */
export const handlesSickReportsAt = (actor: Actor, locationId: string) => mayEdit(actor, locationId);
