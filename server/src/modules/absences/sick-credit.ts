import { sql } from 'drizzle-orm';
import { creditedDaysText, dayFactor, sickCreditDates } from '@filialportal/core/absences';
import { regionHolidays } from '@filialportal/core/holidays';
import { formatDate } from '../../platform/dates.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { locations } from '../locations/index.ts';
import { users } from '../users/index.ts';
import { absences } from './absences.table.ts';

/**
 * Sickness during vacation (§ 9 BUrlG): the working days of approved ordinary vacation covered by
 * a sick report are credited back to the account. The credit is kept on the vacation as dates
 * (absences.credited_dates) and recomputed from the person's sick reports whenever a sick report
 * or a vacation decision changes, so deleting the sick report takes the credit back.
 */
export interface CreditChange {
  vacationId: string;
  userId: string;
  email: string;
  firstName: string;
  startDate: string;
  endDate: string;
  before: number;
  after: number;
}

interface Candidate {
  id: string;
  userId: string;
  email: string;
  firstName: string;
  startDate: string;
  endDate: string;
  credits: boolean;
  creditedDates: string[];
  dayLength: string;
  freeDays: string[];
  region: string;
  sick: [string, string][];
}

/**
 * Recomputes the credit of every vacation of the people that has one or lies on a sick report:
 * one statement to read, one to write what changed. Returns the changes (for the mail).
 */
export async function recomputeSickCredits({ db }: ServiceDeps<'db'>, userIds: readonly string[]): Promise<CreditChange[]> {
  if (userIds.length === 0) return [];
  const ids = `{${[...new Set(userIds)].join(',')}}`;
  // Only the person's own incapacity credits vacation back (§ 9 BUrlG), not a sick child.
  const overlapping = sql`s.kind = 'sick' and s.sick_kind = 'own' and s.user_id = v.user_id and s.start_date <= v.end_date and s.end_date >= v.start_date`;
  const result = await db.execute(sql`
    select v.id, v.user_id as "userId", u.email, u.first_name as "firstName", v.start_date::text as "startDate", v.end_date::text as "endDate",
      (v.approved and not v.special_holiday and not v.overtime_deduction) as credits, array_to_json(v.credited_dates) as "creditedDates", v.day_length as "dayLength",
      u.free_days as "freeDays", l.region,
      coalesce((select json_agg(json_build_array(s.start_date, s.end_date)) from ${absences} s where ${overlapping}), '[]'::json) as sick
    from ${absences} v join ${users} u on u.id = v.user_id join ${locations} l on l.id = u.location_id
    where v.kind = 'vacation' and v.user_id = any(${ids}::uuid[])
      and (v.credited_dates <> '{}' or (v.approved and exists (select 1 from ${absences} s where ${overlapping})))`);
  const rows = (result as unknown as { rows: Candidate[] }).rows;
  const changes: (CreditChange & { dates: string[] })[] = [];
  for (const v of rows) {
    const before = normalise(v.creditedDates);
    const dates = v.credits
      ? sickCreditDates(v, v.sick.map(([startDate, endDate]) => ({ startDate, endDate })), { freeDays: v.freeDays, holidays: regionHolidays(v.region) })
      : [];
    if (dates.join() === before.join()) continue;
    changes.push({ vacationId: v.id, userId: v.userId, email: v.email, firstName: v.firstName, startDate: v.startDate, endDate: v.endDate, before: before.length * dayFactor(v.dayLength), after: dates.length * dayFactor(v.dayLength), dates });
  }
  if (changes.length) {
    const values = JSON.stringify(changes.map((c) => ({ id: c.vacationId, dates: c.dates })));
    await db.execute(sql`
      update ${absences} a set credited_dates = array(select json_array_elements_text(x.dates)::date order by 1), updated_at = now()
      from json_to_recordset(${values}::json) as x(id uuid, dates json) where a.id = x.id`);
  }
  return changes.map(({ dates: _dates, ...c }) => c);
}

/** The stored dates as sorted YYYY-MM-DD strings (they arrive as JSON strings, see the select). */
function normalise(dates: readonly string[] | null): string[] {
  return (dates ?? []).map((d) => d.slice(0, 10)).sort();
}

/** Tells each person whose vacation credit changed, by mail (after the change is stored). */
export async function mailCreditChanges(deps: ServiceDeps<'mailer' | 'log'>, changes: readonly CreditChange[]) {
  for (const c of changes) {
    if (!c.email) continue;
    const period = `${formatDate(c.startDate)} bis ${formatDate(c.endDate)}`;
    const text =
      c.after > c.before
        ? `wegen Ihrer Krankmeldung werden Ihnen für Ihren genehmigten Urlaub vom ${period} ${c.after.toLocaleString('de-DE')} ${c.after === 1 ? 'Tag' : 'Tage'} wieder gutgeschrieben (${creditedDaysText(c.after)}).`
        : c.after === 0
          ? `die Gutschrift für Ihren Urlaub vom ${period} wurde zurückgenommen, weil die Krankmeldung geändert oder gelöscht wurde. Der Urlaub zählt wieder mit allen Tagen.`
          : `die Gutschrift für Ihren Urlaub vom ${period} wurde angepasst: ${creditedDaysText(c.after)}.`;
    await deps.mailer
      .send({
        to: c.email,
        subject: 'Filialportal: Urlaubstage wegen Krankheit',
        text: [`Hallo ${c.firstName},`, '', text, '', 'Ihr Urlaubskonto finden Sie im Filialportal unter Urlaub.'].join('\n'),
      })
      .catch((err) => deps.log.error({ err }, 'sick credit mail failed'));
  }
}
