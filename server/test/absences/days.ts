// Dates the absence tests ask for: a weekday at or after a day, and the German form lists show.
export { addDays } from '@filialportal/core/calendar';
import { addDays } from '@filialportal/core/calendar';

/** The first date from `from` on (inclusive) that falls on `weekday` (0 = Sunday … 6 = Saturday). */
export function firstWeekday(from: string, weekday: number): string {
  let d = from;
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== weekday) d = addDays(d, 1);
  return d;
}

/** DD.MM.YYYY, as the lists and messages show a date. */
export const german = (iso: string) => iso.split('-').reverse().join('.');
