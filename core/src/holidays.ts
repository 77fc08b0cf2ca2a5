import Holidays from 'date-holidays';
import type { RegionCode } from './locations.ts';

/**
 * Public holidays per federal state, computed by date-holidays (type 'public' only: no bank
 * holidays like 24/31 December, no observances). Server-side: the data set is large.
 */
const cache = new Map<string, ReadonlyMap<string, string>>();

export function publicHolidays(region: RegionCode | string, year: number): ReadonlyMap<string, string> {
  const key = `${region}:${year}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const hd = new Holidays('DE', region);
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
