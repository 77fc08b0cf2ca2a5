import { and, asc, desc, eq, gte, inArray, lte, ne, or, sql } from 'drizzle-orm';
import { addDays } from '@filialportal/core/calendar';
import { requestDaysByYear } from '@filialportal/core/absences';
import { regionHolidays } from '@filialportal/core/holidays';
import { ROLE_IDENTIFIERS } from '@filialportal/core/roles';
import type { Db } from '../platform/db.ts';
import { loadPdfKit } from '../platform/pdf.ts';
import type { Storage } from '../platform/storage.ts';
import { saveFile } from '../platform/uploads.ts';
import { absences, blockedPeriods, vacationDeputies } from '../modules/absences/absences.table.ts';
import { locations } from '../modules/locations/locations.table.ts';
import { userGroups } from '../modules/teams/teams.table.ts';
import { users } from '../modules/users/users.table.ts';

/**
 * What HR sees of the leave depth in the demo company (Filiale Köln): a minimum staffing, a blocked
 * period for the year-end inventory, approved half days, open requests with deputies (one of them
 * declined), and a current sick report with its certificate. Only people without a demo login take
 * part, so the tests' own requests find their weeks free.
 */
export async function seedLeaveDepth(db: Db, storage: Storage | null, koelnId: string, today: string) {
  const year = Number(today.slice(0, 4));
  await db.update(locations).set({ minStaff: [3, 3, 3, 3, 3, 2] }).where(eq(locations.id, koelnId));
  const [hr] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'personalleitung@example.com'));
  await db.insert(blockedPeriods).values({ locationId: koelnId, startDate: `${year}-12-29`, endDate: `${year}-12-31`, reason: 'Inventur', createdBy: hr?.id ?? null });

  const logins = ROLE_IDENTIFIERS.map((r) => `${r.toLowerCase()}@example.com`);
  const staff = await db
    .select({ id: users.id, freeDays: users.freeDays, region: locations.region, firstName: users.firstName })
    .from(users)
    .innerJoin(locations, eq(locations.id, users.locationId))
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(and(eq(users.locationId, koelnId), eq(users.active, true), ne(userGroups.name, 'Ausgeblendet'), sql`${users.email} <> all(${`{${logins.join(',')}}`}::text[])`))
    .orderBy(asc(users.personalNumber));
  if (staff.length < 3) return;

  // Two approved afternoons off, on the first free working day from one week ahead.
  for (const p of staff.slice(0, 2)) {
    const rules = { freeDays: p.freeDays, holidays: regionHolidays(p.region) };
    for (let d = addDays(today, 7); d < addDays(today, 60); d = addDays(d, 1)) {
      const byYear = requestDaysByYear(d, d, rules, 'afternoon');
      if (byYear.size === 0 || (await busy(db, p.id, d, d))) continue;
      await db.insert(absences).values({
        kind: 'vacation', userId: p.id, startDate: d, endDate: d, countDays: 0.5, daysByYear: Object.fromEntries([...byYear].map(([y, n]) => [String(y), n])),
        dayLength: 'afternoon', approved: true, confirmedBy: hr?.id ?? null, confirmedAt: new Date(), createdBy: p.id,
      });
      break;
    }
  }

  // The open requests of Köln's staff name a colleague as deputy; the first one declined.
  const open = await db
    .select({ id: absences.id, userId: absences.userId })
    .from(absences)
    .where(and(eq(absences.kind, 'vacation'), eq(absences.approved, false), eq(absences.declined, false), inArray(absences.userId, staff.map((p) => p.id))))
    .orderBy(asc(absences.startDate))
    .limit(4);
  for (const [i, r] of open.entries()) {
    const deputy = staff.find((p) => p.id !== r.userId && staff.indexOf(p) >= 2) ?? staff.find((p) => p.id !== r.userId)!;
    await db.insert(vacationDeputies).values({
      absenceId: r.id, userId: deputy.id,
      ...(i === 0 ? { declinedAt: new Date(), declineReason: 'Da habe ich selbst Berufsschule.' } : {}),
    });
  }

  // The latest sick report at Köln comes with the doctor's first certificate.
  const [sick] = await db
    .select({ id: absences.id, createdBy: absences.createdBy })
    .from(absences)
    .where(and(eq(absences.kind, 'sick'), inArray(absences.userId, staff.map((p) => p.id))))
    .orderBy(desc(absences.startDate))
    .limit(1);
  if (!sick) return;
  const file = storage ? await saveFile(db, storage, { name: 'AU-Bescheinigung.pdf', mimeType: 'application/pdf', bytes: await certificatePdf(), createdBy: sick.createdBy }) : null;
  await db.update(absences).set({ certificate: 'first', certificateFileId: file?.id ?? null }).where(eq(absences.id, sick.id));
}

/** Whether the person is away or has asked for leave that day. */
async function busy(db: Db, userId: string, from: string, to: string) {
  const [row] = await db
    .select({ id: absences.id })
    .from(absences)
    .where(and(eq(absences.userId, userId), lte(absences.startDate, to), gte(absences.endDate, from), or(eq(absences.kind, 'sick'), eq(absences.declined, false))))
    .limit(1);
  return Boolean(row);
}

/** A sample certificate: a one-page PDF that says what it is. */
async function certificatePdf(): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A5' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.fontSize(16).text('Arbeitsunfähigkeitsbescheinigung', { align: 'center' });
    doc.moveDown().fontSize(11).text('Erstbescheinigung (Muster der Demo-Firma)');
    doc.moveDown().text('Dieses Dokument steht für die Bescheinigung einer Arztpraxis.');
    doc.end();
  });
}
