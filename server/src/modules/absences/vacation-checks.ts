import { sql } from 'drizzle-orm';
import { weekdayCode } from '@filialportal/core/absences';
import { regionHolidays } from '@filialportal/core/holidays';
import type { ServiceDeps } from '../../platform/deps.ts';
import { formatDate } from '../../platform/dates.ts';
import { userGroups } from '../teams/index.ts';
import { users } from '../users/index.ts';
import { locations } from '../locations/index.ts';
import { absences } from './absences.table.ts';

/** The calendar's hidden group: its members never count as staff. */
const HIDDEN_GROUP = 'Ausgeblendet';
/** Days named in one warning; the rest are counted. */
const NAMED_DAYS = 3;

export interface StaffingPerson {
  id: string;
  locationId: string;
  freeDays: string[];
  region: string;
}

/**
 * Minimum staffing (docs/decisions/absences-mindestbesetzung.md): the days of the period, Monday
 * to Saturday, on which the person would work and the location asks for a minimum, with how many
 * others would be present: active staff whose working day it is, without a sick report or an
 * approved vacation that day. One statement for the whole period; public holidays are left out.
 */
export async function staffingShortfalls({ db }: ServiceDeps<'db'>, person: StaffingPerson, period: { startDate: string; endDate: string }) {
  const result = await db.execute(sql`
    select d::date::text as day, l.min_staff[extract(isodow from d)::int] as need, l.name as location,
      (select count(*)::int from ${users} u join ${userGroups} g on g.id = u.group_id
        where u.location_id = l.id and u.active and g.name <> ${HIDDEN_GROUP} and u.id <> ${person.id}
          and not ((case when array_remove(u.free_days, '') = '{}' then array['Sa', 'So'] else u.free_days end)
            @> array[(array['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'])[extract(isodow from d)::int]])
          and not exists (select 1 from ${absences} a where a.user_id = u.id and a.start_date <= d and a.end_date >= d
            and a.kind in ('sick', 'vacation') and (a.kind = 'sick' or a.approved))) as present
    from ${locations} l, generate_series(${period.startDate}::date, ${period.endDate}::date, interval '1 day') d
    where l.id = ${person.locationId} and extract(isodow from d) <= 6 and l.min_staff[extract(isodow from d)::int] > 0
    order by d`);
  const rows = (result as unknown as { rows: { day: string; need: number; location: string; present: number }[] }).rows;
  const holidays = regionHolidays(person.region);
  const free = new Set(person.freeDays.filter(Boolean).length ? person.freeDays.filter(Boolean) : ['Sa', 'So']);
  const isHoliday = (d: string) => new Set(holidays(Number(d.slice(0, 4)))).has(d);
  // Only days the person would work: a free day of theirs takes nobody away.
  return rows.filter((r) => r.present < r.need && !free.has(weekdayCode(r.day)) && !isHoliday(r.day));
}

/** The warning of a request below the minimum staffing, naming up to three days. */
export function staffingWarning(shortfalls: readonly { day: string; need: number; present: number; location: string }[]): string | null {
  if (shortfalls.length === 0) return null;
  const named = shortfalls.slice(0, NAMED_DAYS).map((s) => `${weekdayCode(s.day)} ${formatDate(s.day)}: ${s.present} von mindestens ${s.need}`);
  const more = shortfalls.length > NAMED_DAYS ? ` und an ${shortfalls.length - NAMED_DAYS} weiteren Tagen` : '';
  return `Mindestbesetzung in ${shortfalls[0]!.location} unterschritten – anwesend wären ${named.join('; ')}${more}.`;
}

/** The warning of a request below the minimum staffing, as the list of a request's warnings. */
export async function staffingWarnings(deps: ServiceDeps<'db'>, person: StaffingPerson, period: { startDate: string; endDate: string }): Promise<string[]> {
  const staffing = staffingWarning(await staffingShortfalls(deps, person, period));
  return staffing ? [staffing] : [];
}
