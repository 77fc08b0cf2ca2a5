import { and, asc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import { countWorkingDaysByYear, sickCreditDates } from '@filialportal/core/absences';
import { regionHolidays } from '@filialportal/core/holidays';
import { MSG } from '@filialportal/core/messages';
import type { SickKind, TSickReport } from '@filialportal/core/sick-reports';
import { type Actor } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { type ServiceDeps, withDb } from '../../platform/deps.ts';
import { formatDate, todayIso } from '../../platform/dates.ts';
import { AppError, forbidden, notFound, onConstraint } from '../../platform/errors.ts';
import { inScope, scopeOf } from '../../platform/scope.ts';
import { locations } from '../locations/index.ts';
import { users } from '../users/index.ts';
import { deleteFiles } from '../../platform/uploads.ts';
import { absences } from './absences.table.ts';
import { taskWhenContinuedPayEnds } from './sick-notes.ts';
import { notifySickReport } from './notices.ts';
import { mailCreditChanges, recomputeSickCredits } from './sick-credit.ts';
import { lockPerson } from './absence-people.ts';
import { DELETE, EDIT, sickReportRow } from './sick-list.ts';

const mayEdit = (actor: Actor, locationId: string | null) => inScope(scopeOf(actor, EDIT), { locationId });
const mayDelete = (actor: Actor, locationId: string | null) => inScope(scopeOf(actor, DELETE), { locationId });

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
  return { sickReport: await sickReportRow({ db }, actor, row!.id) };
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

/** Whether the actor holds the sick-report rights for the people of a location (what a feed may tell). */
export const handlesSickReportsAt = (actor: Actor, locationId: string) => mayEdit(actor, locationId);
