import { and, asc, count, desc, eq, gte, lte, type Placeholder, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { absenceStateLabel, DAY_LENGTH_LABELS, type DayLength, dayFactor, exceedsText, limitedDaysMessage, quotaExceeded, requestDaysByYear, VACATION_PAGE_SIZE } from '@filialportal/core/absences';
import { regionHolidays } from '@filialportal/core/holidays';
import { ALL_LOCATIONS_LABEL, BLOCKED_APPROVAL_HR_ONLY, BLOCKED_APPROVAL_NOTE_REQUIRED, blockedPeriodMessage } from '@filialportal/core/blocked-periods';
import { MSG } from '@filialportal/core/messages';
import { parseSort } from '@filialportal/core/sort';
import type { TVacationRequest } from '@filialportal/core/vacation';
import { can, type Actor } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { type ServiceDeps, withDb } from '../../platform/deps.ts';
import { formatDate, todayIso } from '../../platform/dates.ts';
import { AppError, badRequest, forbidden, notFound, onConstraint } from '../../platform/errors.ts';
import { inBatches } from '../../platform/exports.ts';
import { likeTerm, pageSize, totalColumn, totalOf } from '../../platform/paging.ts';
import { builtPerActor, named } from '../../platform/prepared.ts';
import { inScope, scopeOf, scopeWhere, type ScopeRule } from '../../platform/scope.ts';
import { locations } from '../locations/index.ts';
import { completeLinkedTasks, deleteLinkedTasksCte, handOverOpenTasks, linkedTaskCtes } from '../tasks/index.ts';
import { personSearch, users } from '../users/index.ts';
import { absences, vacationDeputies } from './absences.table.ts';
import { checkDeputies, deputiesColumn, deputiesOfRequest, deputyWarnings, notifyDeputies } from './deputies.service.ts';
import { blockedColumn, blockingPeriod } from './blocked-periods.service.ts';
import { accountsForYears, type Accounts } from './contingents.service.ts';
import { notifyVacationDecision, notifyVacationRequest } from './notices.ts';
import { ALL, approversOf, OWN_LOCATION, SUBGROUPS } from './vacation-approvers.ts';
import { mailCreditChanges, recomputeSickCredits } from './sick-credit.ts';
import { staffingWarnings } from './vacation-checks.ts';
import { lockPerson, person } from './absence-people.ts';
import { requestFields, vacationFields } from './vacation-audit.ts';

const reference = (id: string) => `absence:${id}`;
/** Two live requests of one person never overlap; the database enforces it (absences_vacation_no_overlap). */
const overlapRefused = onConstraint({ absences_vacation_no_overlap: () => new AppError(422, 'duplicate', MSG.vacationDuplicate) });

/**
 * Whose requests the actor sees and processes (spec 1 §6): everyone with the "all" permission;
 * people of subordinate groups anywhere, or only at the own location; always the own ones.
 */
export const VACATION_SCOPE: ScopeRule = { all: ALL, subordinateGroups: SUBGROUPS, subordinateGroupsAtOwnLocation: OWN_LOCATION, self: true };
const requestColumns = { userId: absences.userId, groupId: users.groupId, locationId: users.locationId };

/** Ordinary vacation counts against the contingent; special leave and overtime do not. */
const countsAgainst = (a: { specialHoliday: boolean; overtimeDeduction: boolean }) => !a.specialHoliday && !a.overtimeDeduction;

/**
 * POST /appointment: a vacation request with its approval task, in one transaction. 422 for a
 * period that overlaps another request; 224 (created all the same) when it needs more days than
 * remain, so the person can confirm or withdraw it.
 */
export async function requestVacation(deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>, actor: Actor, input: TVacationRequest) {
  const { db } = deps;
  if (input.userId !== actor.userId) throw forbidden();
  if (input.startDate < todayIso() && !can(actor, 'urlaub_r_ckdatiert_beantragen')) throw badRequest(MSG.vacationInPast);
  const p = await person({ db }, actor.userId);
  if (!p) throw badRequest(MSG.errorReLogin);
  const byYear = requestDaysByYear(input.startDate, input.endDate, { freeDays: p.freeDays, holidays: regionHolidays(p.region) }, input.dayLength);
  const days = [...byYear.values()].reduce((a, b) => a + b, 0);
  if (days === 0) throw badRequest(MSG.vacationNoWorkingDays);
  // Special leave (a wedding, a funeral) is owed whatever the season; every other request respects a blocked period.
  const blocked = input.specialHoliday ? null : await blockingPeriod({ db }, { locationId: p.locationId, startDate: input.startDate, endDate: input.endDate });
  if (blocked) throw new AppError(422, 'blocked_period', blocked.message);
  const [overlap] = await db
    .select({ id: absences.id })
    .from(absences)
    .where(
      and(
        eq(absences.kind, 'vacation'), eq(absences.userId, p.id), eq(absences.declined, false), lte(absences.startDate, input.endDate), gte(absences.endDate, input.startDate),
        // A morning beside an afternoon is no overlap (core dayPartsOverlap; the constraint says the same).
        input.dayLength === 'full' ? undefined : sql`${absences.dayLength} in ('full', ${input.dayLength})`,
      ),
    );
  if (overlap) throw new AppError(422, 'duplicate', MSG.vacationDuplicate);

  // The accounts of the years the request touches (one statement); they serve the answer row too,
  // with this request added to the open days, so the 224 and the row's warning read the same numbers.
  const known = countsAgainst(input) ? await accountsForYears({ db }, { userIds: [p.id], years: [...byYear.keys()] }) : undefined;
  if (known) for (const [year, need] of byYear) known.pending.set(`${p.id}:${year}`, (known.pending.get(`${p.id}:${year}`) ?? 0) + need);
  const over = known ? quotaOf(known, p.id, byYear.keys()) : null;
  const approvers = await approversOf({ db }, p);
  const deputies = await checkDeputies({ db }, p, input.deputies);
  // Warnings the requester sees in the answer and the approver in the row.
  const warnings = [...(input.specialHoliday ? [] : await staffingWarnings({ db }, p, input)), ...(await deputyWarnings({ db }, deputies, input))];
  // One statement: the person's lock, the request and its approval task (see linkedTaskCtes).
  const daysByYear = JSON.stringify(Object.fromEntries([...byYear].map(([y, d]) => [String(y), d])));
  // The request and its entry in the audit trail commit together.
  const id = await db
    .transaction(async (tx) => {
      const inserted = await tx.execute<{ id: string }>(
        sql`with locked as (select ${users.id} as id from ${users} where ${users.id} = ${p.id} for no key update),
        new_absence as (
          insert into ${absences} (kind, user_id, start_date, end_date, count_days, days_by_year, day_length, special_holiday, reason, overtime_deduction, overtime, warnings, created_by)
          select 'vacation', l.id, ${input.startDate}, ${input.endDate}, ${days}, ${daysByYear}::jsonb, ${input.dayLength}, ${input.specialHoliday}, ${input.specialHoliday ? input.reason : ''},
            ${input.overtimeDeduction}, ${input.overtimeDeduction ? input.overtime : null},
            array(select jsonb_array_elements_text(${JSON.stringify(warnings)}::jsonb)), ${actor.userId}
          from locked l
          returning id
        ),
        new_deputies as (
          insert into ${vacationDeputies} (absence_id, user_id) select n.id, d from new_absence n, unnest(${`{${deputies.map((d) => d.id).join(',')}}`}::uuid[]) d
        ),
        ${linkedTaskCtes(
          {
            // The approver sees the quota problem in the task as well (spec 1 §8: both numbers).
            title:
              `Urlaubsantrag ${p.lastName}, ${p.firstName}: ${formatDate(input.startDate)} – ${formatDate(input.endDate)}` +
              (input.dayLength === 'full' ? '' : ` (${DAY_LENGTH_LABELS[input.dayLength]})`) +
              (over ? ` – ${exceedsText(over.open, over.remaining, over.year)}` : ''),
            deadline: input.startDate < todayIso() ? todayIso() : input.startDate,
            recipients: approvers,
            link: '/urlaub/1',
            locked: true,
            createdBy: p.id,
            priority: 2,
          },
          'new_absence',
          reference(''),
        )}
        select id from new_absence`,
      );
      const created = (inserted as unknown as { rows: { id: string }[] }).rows[0]!.id;
      await audit(tx, actor, { entity: 'vacation', id: created, action: 'create', subject: p.id, after: requestFields(input, days) });
      return created;
    })
    .catch(overlapRefused);
  const note = over ? exceedsText(over.open, over.remaining, over.year) : '';
  await notifyVacationRequest(deps, actor, { id, approvers, name: `${p.firstName} ${p.lastName}`, startDate: input.startDate, endDate: input.endDate, days, note });
  await notifyDeputies(deps, { id, deputies: deputies.map((d) => d.id), name: `${p.firstName} ${p.lastName}`, startDate: input.startDate, endDate: input.endDate, dayLength: input.dayLength });
  const [appointment] = await toDtos(db, actor, await queryRows(db, actor, { id }), known);
  if (over) return { status: 224 as const, body: { appointment, available: over.remaining, message: limitedDaysMessage(over.remaining) } };
  return { status: 200 as const, body: { appointment } };
}

/** GET /appointment/{id}/warnings: the request's warnings as of now, for the approver before deciding. */
export async function currentWarnings({ db }: ServiceDeps<'db'>, actor: Actor, id: string) {
  const row = await loadForProcessing(db, actor, id);
  const p = row.a.userId ? await person({ db }, row.a.userId) : undefined;
  const deputies = await deputiesOfRequest({ db }, id);
  return {
    warnings: [
      ...(p && !row.a.specialHoliday ? await staffingWarnings({ db }, p, row.a) : []),
      ...(await deputyWarnings({ db }, deputies.filter((d) => !d.declinedAt), row.a)),
      ...deputies.filter((d) => d.declinedAt).map((d) => `${d.firstName} ${d.lastName} hat die Vertretung abgelehnt.`),
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Lists.

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

function viewFilter(view: VacationListQuery['view'], today: unknown): SQL {
  switch (view) {
    case '1':
      // Written as the predicate of absences_vacation_open_idx, so the planner can use it.
      return sql`not ${absences.approved} and not ${absences.declined}`;
    // Views 2 and 3: as the predicate of absences_vacation_approved_idx.
    case '2':
      return sql`${absences.approved} and ${absences.endDate} >= ${today}`;
    case '3':
      return sql`${absences.approved} and ${absences.endDate} < ${today}`;
    case '5':
      return eq(absences.declined, true);
  }
}

/** The values a list's filter compares with: written in, or placeholders of a prepared list. */
interface FilterValues {
  id: unknown;
  today: unknown;
  location: unknown;
  term: unknown;
  yearStart: unknown;
  yearEnd: unknown;
}

const filterValues = (q: Partial<VacationListQuery> & { id?: string }): FilterValues => ({
  id: q.id ?? null,
  today: todayIso(),
  location: q.location ?? 'all',
  term: likeTerm(q.searchTerm?.trim().toLowerCase() ?? ''),
  yearStart: q.year ? `${q.year}-01-01` : null,
  yearEnd: q.year ? `${q.year}-12-31` : null,
});
const FILTER_PLACEHOLDERS: FilterValues = {
  id: sql.placeholder('id'),
  today: sql.placeholder('today'),
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
    q.view ? viewFilter(q.view, v.today) : undefined,
    scopeWhere(scopeOf(actor, VACATION_SCOPE), requestColumns),
    q.location && q.location !== 'all' && can(actor, 'urlaub_nach_filiale_filtern') ? sql`${users.locationId} = ${v.location}` : undefined,
    term && can(actor, 'urlaub_nach_mitarbeiter_filtern') ? personSearch(v.term as string | Placeholder) : undefined,
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
const quotaOf = (known: Accounts, userId: string, years: Iterable<number>) =>
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

/** GET /absence/{from}/{location}/{view}: 20 rows from `from`, with the total count. */
export async function listVacation({ db }: ServiceDeps<'db'>, actor: Actor, q: VacationListQuery) {
  // Built once per person and shape (the filters set, the sort), then only executed (platform/prepared.ts).
  // The shape keeps which filters are set, not their values (those are the statement's placeholders).
  const shape: VacationListQuery = { from: 0, view: q.view, location: q.location === 'all' ? 'all' : 'one', year: q.year ? 1 : null, searchTerm: q.searchTerm?.trim() ? 'set' : '', sort: q.sort };
  const page = listPages(actor, JSON.stringify(shape), () =>
    named(queryRows(db, actor, shape, { limit: pageSize(VACATION_PAGE_SIZE), offset: sql.placeholder('from') }, true, FILTER_PLACEHOLDERS)),
  );
  const rows = await page.execute({ ...filterValues(q), from: q.from });
  return { absences: await toDtos(db, actor, rows), count: await totalOf(rows, countQuery(db, actor, q)) };
}

const listPages = builtPerActor<ReturnType<typeof named<ReturnType<typeof queryRows>>>>();

// ---------------------------------------------------------------------------------------------
// Deciding and deleting.

async function loadForProcessing(db: Db, actor: Actor, id: string) {
  const [row] = await db
    .select({ a: absences, groupId: users.groupId, locationId: users.locationId })
    .from(absences)
    .leftJoin(users, eq(users.id, absences.userId))
    .where(and(eq(absences.id, id), eq(absences.kind, 'vacation')));
  if (!row) throw notFound();
  if (row.a.userId && !inScope(scopeOf(actor, VACATION_SCOPE), { userId: row.a.userId, groupId: row.groupId, locationId: row.locationId })) throw notFound();
  return row;
}

/**
 * PUT /updateabsence/{id}/{approved}: accept (from open or declined) or decline (from open or
 * accepted); the approval task is completed in the same transaction and the person is told.
 */
export async function decideVacation(
  deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>,
  actor: Actor,
  { id, approve, declineReason = '', note = '', handTasksTo = null }: { id: string; approve: boolean; declineReason?: string; note?: string; handTasksTo?: string | null },
) {
  const { db } = deps;
  const row = await loadForProcessing(db, actor, id);
  if (row.a.userId === actor.userId && !can(actor, 'urlaub_eigene_bearbeiten')) throw forbidden(MSG.vacationNotOwn);
  if (!can(actor, ALL) && !can(actor, SUBGROUPS) && !can(actor, OWN_LOCATION)) throw forbidden();
  if (approve ? row.a.approved : row.a.declined) throw badRequest(MSG.vacationWrongState);
  const reason = approve ? '' : declineReason;
  // Inside a blocked period only HR approves, and says why (docs/decisions/absences-urlaubssperre.md).
  const blocked = approve && !row.a.specialHoliday && row.locationId ? await blockingPeriod({ db }, { locationId: row.locationId, startDate: row.a.startDate, endDate: row.a.endDate }) : null;
  if (blocked && !can(actor, ALL)) throw new AppError(422, 'blocked_period', BLOCKED_APPROVAL_HR_ONLY);
  if (blocked && !note) throw new AppError(422, 'note_required', BLOCKED_APPROVAL_NOTE_REQUIRED);
  const decision = { approved: approve, declined: !approve, declineReason: reason, approvalNote: blocked ? note : '' };
  if (handTasksTo && (!approve || !row.a.userId || !(await deputiesOfRequest({ db }, id)).some((d) => d.id === handTasksTo && !d.declinedAt))) {
    throw badRequest('Offene Aufgaben lassen sich beim Genehmigen nur an eine Vertretung des Antrags übergeben, die nicht abgelehnt hat.', 'deputy_invalid');
  }
  // The decision, its task and the credit for sickness during the vacation (§ 9 BUrlG) change together.
  const changes = await db.transaction(async (tx) => {
    if (row.a.userId) await lockPerson(tx, row.a.userId);
    await tx.update(absences).set({ ...decision, confirmedBy: actor.userId, confirmedAt: new Date() }).where(eq(absences.id, id));
    await audit(tx, actor, { entity: 'vacation', id, action: 'decide', subject: row.a.userId, before: vacationFields(row.a), after: vacationFields({ ...row.a, ...decision }) });
    await completeLinkedTasks(withDb(deps, tx), { reference: reference(id), byUserId: actor.userId });
    const handed = handTasksTo && row.a.userId ? await handOverOpenTasks(withDb(deps, tx), { fromUserId: row.a.userId, toUserId: handTasksTo }) : undefined;
    return { credits: row.a.userId ? await recomputeSickCredits(withDb(deps, tx), [row.a.userId]) : [], handed };
  }).catch(overlapRefused);
  const a = row.a;
  await notifyVacationDecision(deps, actor, { id, userId: a.userId, startDate: a.startDate, endDate: a.endDate, countDays: Number(a.countDays), approve, reason });
  await mailCreditChanges(deps, changes.credits);
  const [appointment] = await listRows(db, actor, { id });
  return changes.handed === undefined ? { appointment } : { appointment, handedOverTasks: changes.handed };
}

/** DELETE /appointment/{id}: the person withdraws an open request, or urlaub_can_delete in scope. */
export async function deleteVacation({ db }: ServiceDeps<'db'>, actor: Actor, id: string) {
  const row = await loadForProcessing(db, actor, id);
  const ownOpen = row.a.userId === actor.userId && !row.a.approved && !row.a.declined;
  if (!ownOpen && !can(actor, 'urlaub_can_delete')) throw forbidden();
  // The request and its task in one statement, as in requestVacation; its entry in the trail with them.
  await db.transaction(async (tx) => {
    await tx.execute(sql`with ${deleteLinkedTasksCte(reference(id))} delete from ${absences} where ${absences.id} = ${id}`);
    await audit(tx, actor, { entity: 'vacation', id, action: 'delete', subject: row.a.userId, before: vacationFields(row.a) });
  });
}

export function vacationExportRows({ db }: ServiceDeps<'db'>, actor: Actor, q: Omit<VacationListQuery, 'from'>) {
  return inBatches((limit, offset) => listRows(db, actor, q, { limit, offset }));
}
