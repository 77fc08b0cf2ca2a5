import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { ServiceDeps } from '../../platform/deps.ts';
import { TODAY_IN_DATABASE } from '../../platform/dates.ts';
import { deleteFiles } from '../../platform/uploads.ts';
import { absences } from './absences.table.ts';

// Retention of the module's personal data (docs/datenschutz.md): each expiry deletes what is past
// its period, counted from the end of the absence, and returns how many records went.

/** The Berlin day `days` before today, as the absences' dates count. */
const dayBefore = (days: number) => sql`(${TODAY_IN_DATABASE} - ${days}::int)`;

/** AU certificates (files) of sick reports that ended more than `days` ago; the reports stay. */
export async function expireSickNotes({ db, storage }: ServiceDeps<'db' | 'storage'>, days: number, limit: number): Promise<number> {
  // The old file id comes from the locked read beside the update: RETURNING shows the new value.
  const result = await db.execute(sql`
    update ${absences} a set certificate_file_id = null
    from (select id, certificate_file_id as old from ${absences}
          where kind = 'sick' and certificate_file_id is not null and end_date < ${dayBefore(days)} limit ${limit} for update) o
    where a.id = o.id
    returning o.old as "fileId"`);
  const rows = (result as unknown as { rows: { fileId: string }[] }).rows;
  return deleteFiles(db, storage, rows.map((r) => r.fileId));
}

/** Sick reports (health data) that ended more than `days` ago, with any certificate left. */
export async function expireSickReports({ db, storage }: ServiceDeps<'db' | 'storage'>, days: number, limit: number): Promise<number> {
  const due = db.select({ id: absences.id }).from(absences).where(and(eq(absences.kind, 'sick'), lt(absences.endDate, dayBefore(days)))).limit(limit);
  const gone = await db.delete(absences).where(inArray(absences.id, due)).returning({ fileId: absences.certificateFileId });
  await deleteFiles(db, storage, gone.map((r) => r.fileId));
  return gone.length;
}

/** Absences of people who were deleted, kept without a person until `days` after they ended. */
export async function expireLeaverAbsences({ db }: ServiceDeps<'db'>, days: number, limit: number): Promise<number> {
  const due = db.select({ id: absences.id }).from(absences).where(and(isNull(absences.userId), lt(absences.endDate, dayBefore(days)))).limit(limit);
  const gone = await db.delete(absences).where(inArray(absences.id, due)).returning({ id: absences.id });
  return gone.length;
}
