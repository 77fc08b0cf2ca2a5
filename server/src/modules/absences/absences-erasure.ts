import { sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import type { Db } from '../../platform/db.ts';
import { TODAY_IN_DATABASE } from '../../platform/dates.ts';
import { type ErasedPerson, type ErasurePart, keptUntil } from '../../platform/erasure.ts';
import { absences } from './absences.table.ts';

/**
 * Erasure of a person who left (docs/decisions/datenschutz-loeschen.md): sick reports and their
 * certificates go (health data with no one left to serve), so do open and declined requests and
 * vacation that ended before the leavers' period; vacation granted within it stays without the
 * person ('Benutzer gelöscht') until the daily retention run removes it.
 */
const cutoff = (days: number) => sql`(${TODAY_IN_DATABASE} - ${days}::int)`;
const kept = (days: number) => sql`kind = 'vacation' and approved and not declined and end_date >= ${cutoff(days)}`;

async function counts(db: Db, person: ErasedPerson, days: number) {
  const result = await db.execute(sql`
    select count(*) filter (where kind = 'sick')::int as sick,
           count(*) filter (where kind = 'sick' and certificate_file_id is not null)::int as notes,
           count(*) filter (where kind = 'vacation' and not (${kept(days)}))::int as gone,
           count(*) filter (where ${kept(days)})::int as kept,
           max(end_date) filter (where ${kept(days)})::text as last
    from ${absences} where user_id = ${person.id}::uuid`);
  return (result as unknown as { rows: { sick: number; notes: number; gone: number; kept: number; last: string | null }[] }).rows[0]!;
}

export const absencesErasure: ErasurePart = {
  async preview(db, person, { leaverDays }) {
    const n = await counts(db, person, leaverDays);
    return {
      deleted: [
        { label: 'Krankmeldungen', count: n.sick },
        { label: 'Bescheinigungen (AU)', count: n.notes },
        { label: 'Urlaubsanträge: offen, abgelehnt oder vor der Frist beendet', count: n.gone },
      ],
      kept: [{ label: `Genehmigter Urlaub (als „${MSG.deletedUser}“)`, count: n.kept, until: n.last ? keptUntil(n.last, leaverDays) : null }],
    };
  },
  async erase(db, person, { leaverDays }) {
    const gone = await db.execute(sql`
      delete from ${absences} where user_id = ${person.id}::uuid and not (${kept(leaverDays)})
      returning certificate_file_id as "fileId"`);
    return (gone as unknown as { rows: { fileId: string | null }[] }).rows.map((r) => r.fileId);
  },
};
