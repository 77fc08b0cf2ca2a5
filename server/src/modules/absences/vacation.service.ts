import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { DAY_LENGTH_LABELS, exceedsText, limitedDaysMessage, requestDaysByYear } from '@filialportal/core/absences';
import { regionHolidays } from '@filialportal/core/holidays';
import { BLOCKED_APPROVAL_HR_ONLY, BLOCKED_APPROVAL_NOTE_REQUIRED } from '@filialportal/core/blocked-periods';
import { MSG } from '@filialportal/core/messages';
import type { TVacationRequest } from '@filialportal/core/vacation';
import { can, type Actor } from '../../platform/access.ts';
import { audit, auditEntry, auditInsert } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { type ServiceDeps, withDb } from '../../platform/deps.ts';
import { formatDate, todayIso } from '../../platform/dates.ts';
import { AppError, badRequest, forbidden, notFound, onConstraint } from '../../platform/errors.ts';
import { inScope, scopeOf } from '../../platform/scope.ts';
import { completeLinkedTasks, deleteLinkedTasksCte, handOverOpenTasks, linkedTaskCtes } from '../tasks/index.ts';
import { users } from '../users/index.ts';
import { absences, vacationDeputies } from './absences.table.ts';
import { checkDeputies, deputiesOfRequest, deputyWarnings, notifyDeputies } from './deputies.service.ts';
import { blockingPeriod } from './blocked-periods.service.ts';
import { accountsForYears } from './contingents.service.ts';
import { notifyVacationDecision, notifyVacationRequest } from './notices.ts';
import { ALL, approversOf, OWN_LOCATION, SUBGROUPS } from './vacation-approvers.ts';
import { mailCreditChanges, recomputeSickCredits } from './sick-credit.ts';
import { staffingWarnings } from './vacation-checks.ts';
import { lockPerson, person } from './absence-people.ts';
import { requestFields, vacationFields } from './vacation-audit.ts';
import { countsAgainst, quotaOf, requestAnswer, VACATION_SCOPE } from './vacation-list.ts';

export { listVacation, vacationExportRows } from './vacation-list.ts';

const reference = (id: string) => `absence:${id}`;
/** Two live requests of one person never overlap; the database enforces it (absences_vacation_no_overlap). */
const overlapRefused = onConstraint({ absences_vacation_no_overlap: () => new AppError(422, 'duplicate', MSG.vacationDuplicate) });

/** A live request of the person that overlaps the period (a morning beside an afternoon does not). */
async function overlappingRequest(db: Db, userId: string, input: Pick<TVacationRequest, 'startDate' | 'endDate' | 'dayLength'>) {
  const [overlap] = await db
    .select({ id: absences.id })
    .from(absences)
    .where(
      and(
        eq(absences.kind, 'vacation'), eq(absences.userId, userId), eq(absences.declined, false), lte(absences.startDate, input.endDate), gte(absences.endDate, input.startDate),
        // core dayPartsOverlap; the constraint says the same.
        input.dayLength === 'full' ? undefined : sql`${absences.dayLength} in ('full', ${input.dayLength})`,
      ),
    );
  return overlap;
}

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
  // The two refusals, read at once. Special leave (a wedding, a funeral) is owed whatever the
  // season; every other request respects a blocked period.
  const [blocked, overlap] = await Promise.all([
    input.specialHoliday ? null : blockingPeriod({ db }, { locationId: p.locationId, startDate: input.startDate, endDate: input.endDate }),
    overlappingRequest(db, p.id, input),
  ]);
  if (blocked) throw new AppError(422, 'blocked_period', blocked.message);
  if (overlap) throw new AppError(422, 'duplicate', MSG.vacationDuplicate);

  // What the request needs, read at once: the statements are independent, so a request waits for
  // the slowest of them, not for their sum. The accounts of the years it touches serve the answer
  // row too, with this request added to the open days, so the 224 and the row's warning read the
  // same numbers. The warnings the requester sees in the answer and the approver in the row.
  const [known, approvers, [deputies, deputyWarned], staffing, entry] = await Promise.all([
    countsAgainst(input) ? accountsForYears({ db }, { userIds: [p.id], years: [...byYear.keys()] }) : undefined,
    approversOf({ db }, p),
    checkDeputies({ db }, p, input.deputies).then(async (found) => [found, await deputyWarnings({ db }, found, input)] as const),
    input.specialHoliday ? [] : staffingWarnings({ db }, p, input),
    auditEntry(db, actor, { entity: 'vacation', action: 'create', subject: p.id, after: requestFields(input, days) }),
  ]);
  if (known) for (const [year, need] of byYear) known.pending.set(`${p.id}:${year}`, (known.pending.get(`${p.id}:${year}`) ?? 0) + need);
  const over = known ? quotaOf(known, p.id, byYear.keys()) : null;
  const warnings = [...staffing, ...deputyWarned];
  // One statement: the person's lock, the request, its approval task (see linkedTaskCtes) and its
  // entry in the audit trail, so they commit together without a transaction held across round trips.
  const daysByYear = JSON.stringify(Object.fromEntries([...byYear].map(([y, d]) => [String(y), d])));
  const id = await db
    .execute<{ id: string }>(
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
        )},
        trail as (${auditInsert(entry!, sql`select id from new_absence`)})
        select id from new_absence`,
    )
    .then((inserted) => (inserted as unknown as { rows: { id: string }[] }).rows[0]!.id, overlapRefused);
  const note = over ? exceedsText(over.open, over.remaining, over.year) : '';
  // The notices (each catches its own failure) and the answer row at once.
  const name = `${p.firstName} ${p.lastName}`;
  const [appointment] = await Promise.all([
    requestAnswer({ db }, actor, { id, known }),
    notifyVacationRequest(deps, actor, { id, approvers, name, startDate: input.startDate, endDate: input.endDate, days, note }),
    notifyDeputies(deps, { id, deputies: deputies.map((d) => d.id), name, startDate: input.startDate, endDate: input.endDate, dayLength: input.dayLength }),
  ]);
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
  const appointment = await requestAnswer({ db }, actor, { id });
  return changes.handed === undefined ? { appointment } : { appointment, handedOverTasks: changes.handed };
}

/** DELETE /appointment/{id}: the person withdraws an open request, or urlaub_can_delete in scope. */
export async function deleteVacation({ db }: ServiceDeps<'db'>, actor: Actor, id: string) {
  const row = await loadForProcessing(db, actor, id);
  const ownOpen = row.a.userId === actor.userId && !row.a.approved && !row.a.declined;
  if (!ownOpen && !can(actor, 'urlaub_can_delete')) throw forbidden();
  // The request, its task and its entry in the trail in one statement, as in requestVacation.
  const entry = (await auditEntry(db, actor, { entity: 'vacation', action: 'delete', subject: row.a.userId, before: vacationFields(row.a) }))!;
  await db.execute(
    sql`with ${deleteLinkedTasksCte(reference(id))}, gone as (delete from ${absences} where ${absences.id} = ${id} returning id),
      trail as (${auditInsert(entry, sql`select id from gone`)})
    select 1`,
  );
}

