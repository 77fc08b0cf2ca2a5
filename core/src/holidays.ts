import { createRequire } from 'node:module';
import type HolidaysClass from 'date-holidays';
import type { RegionCode } from './locations.ts';

/**
 * date-holidays carries the rules of every country: loading it takes a fifth of a second, so it
 * is loaded with the first holiday asked for, not when the server starts. Synchronously, as the
 * day counting is synchronous: through the package's CommonJS build.
 */
let Holidays: typeof HolidaysClass | null = null;
const loadHolidays = () => (Holidays ??= createRequire(import.meta.url)('date-holidays') as typeof HolidaysClass);

/**
 * Public holidays per federal state, computed by date-holidays (type 'public' only: no bank
 * holidays like 24/31 December, no observances). Server-side: the data set is large.
 */
const cache = new Map<string, ReadonlyMap<string, string>>();

export function publicHolidays(region: RegionCode | string, year: number): ReadonlyMap<string, string> {
  const key = `${region}:${year}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const hd = new (loadHolidays())('DE', region);
  const map = new Map<string, string>();
  for (const h of hd.getHolidays(year) || []) {
    if (h.type === 'public') map.set(h.date.slice(0, 10), h.name);
  }
  cache.set(key, map);
  return map;
}

/** The public holidays of a region per year, as the day counting takes them (DayRules.holidays). */
export function regionHolidays(region: RegionCode | string): (year: number) => Iterable<string> {
  return (year) => publicHolidays(region, year).keys();
}
