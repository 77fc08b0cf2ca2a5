import { WEEKDAY_CODES, type WeekdayCode } from './users-basics.ts';
import { MSG } from './messages.ts';

/**
 * Day counting of vacation and sick reports (issue "vacation"): a request's days are the days
 * from start to end that are neither the person's free days nor public holidays of the federal
 * state of the person's location. A person without any free day set has Saturday and Sunday off.
 * 24 and 31 December are no public holidays and count as working days.
 */
export interface DayRules {
  /** freeDay…freeDay7: weekday codes Mo…So, '' where the person works. */
  freeDays: readonly string[];
  /** The public holidays (YYYY-MM-DD) of one year in the person's federal state. */
  holidays: (year: number) => Iterable<string>;
}

const DEFAULT_FREE: readonly WeekdayCode[] = ['Sa', 'So'];
const DAY_MS = 86_400_000;

/** Weekday index 0 = Monday … 6 = Sunday of a YYYY-MM-DD date. */
const weekdayIndex = (isoDate: string) => (new Date(`${isoDate}T00:00:00Z`).getUTCDay() + 6) % 7;

/** The weekday code (Mo…So) of a YYYY-MM-DD date. */
export function weekdayCode(isoDate: string): WeekdayCode {
  return WEEKDAY_CODES[weekdayIndex(isoDate)]!;
}

/** The free weekdays of a person: the codes set, or Saturday and Sunday when none is set. */
export function freeWeekdays(freeDays: readonly string[]): ReadonlySet<string> {
  const set = freeDays.filter((d) => d);
  return new Set(set.length ? set : DEFAULT_FREE);
}

/** Every date from start to end inclusive (YYYY-MM-DD); for short spans such as a week. */
export function eachDate(start: string, end: string): string[] {
  const out: string[] = [];
  const d = new Date(`${start}T00:00:00Z`);
  const last = new Date(`${end}T00:00:00Z`).getTime();
  while (d.getTime() <= last) {
    out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

/**
 * Days from start to end (inclusive, end ≥ start) that fall on a working weekday, by arithmetic:
 * whole weeks at once, then the remaining days, so the cost does not grow with the period.
 */
function workingWeekdays(start: string, end: string, working: readonly boolean[]): number {
  const days = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
  const perWeek = working.filter(Boolean).length;
  let n = Math.floor(days / 7) * perWeek;
  const first = weekdayIndex(start);
  for (let i = 0; i < days % 7; i++) if (working[(first + i) % 7]) n++;
  return n;
}

/**
 * Working days per calendar year, for a request across New Year (each year's contingent). Per
 * year: the working weekdays of the year's part, less the public holidays on working weekdays
 * in it. The cost is a few steps per year and holiday, whatever the length of the period.
 */
export function countWorkingDaysByYear(start: string, end: string, rules: DayRules): Map<number, number> {
  const out = new Map<number, number>();
  if (end < start) return out;
  const free = freeWeekdays(rules.freeDays);
  const working = WEEKDAY_CODES.map((c) => !free.has(c));
  for (let year = Number(start.slice(0, 4)); year <= Number(end.slice(0, 4)); year++) {
    const from = start > `${year}-01-01` ? start : `${year}-01-01`;
    const to = end < `${year}-12-31` ? end : `${year}-12-31`;
    let n = workingWeekdays(from, to, working);
    for (const holiday of new Set(rules.holidays(year))) {
      if (holiday >= from && holiday <= to && working[weekdayIndex(holiday)]) n--;
    }
    if (n > 0) out.set(year, n);
  }
  return out;
}

/**
 * Length of each day of a vacation request: whole days, or half days (morning or afternoon) on
 * every working day of the period. A half day counts 0.5 against the account.
 */
export const DAY_LENGTHS = ['full', 'morning', 'afternoon'] as const;
export type DayLength = (typeof DAY_LENGTHS)[number];
export const DAY_LENGTH_LABELS: Readonly<Record<DayLength, string>> = { full: 'ganztägig', morning: 'vormittags', afternoon: 'nachmittags' };

/** What one working day of a request counts: 1, or 0.5 for a half day. */
export const dayFactor = (dayLength: string) => (dayLength === 'morning' || dayLength === 'afternoon' ? 0.5 : 1);

/**
 * The days a request counts per calendar year: its working days, halved for a half-day request.
 * Halves stay exact in binary floating point, so sums of them never drift.
 */
export function requestDaysByYear(start: string, end: string, rules: DayRules, dayLength: string): Map<number, number> {
  const factor = dayFactor(dayLength);
  const out = countWorkingDaysByYear(start, end, rules);
  if (factor !== 1) for (const [year, n] of out) out.set(year, n * factor);
  return out;
}

/** Whether two requests of one person may lie on the same day: only a morning beside an afternoon. */
export const dayPartsOverlap = (a: string, b: string) => a === 'full' || b === 'full' || a === b;

/** Working days from start to end inclusive. */
export function countWorkingDays(start: string, end: string, rules: DayRules): number {
  let n = 0;
  for (const days of countWorkingDaysByYear(start, end, rules).values()) n += days;
  return n;
}

/**
 * Contingent of one person and year: available = contingent + surplus − deduction − expired
 * carried-over days (see carryOverExpiry); taken =
 * approved days up to today; planned = approved days after today; open = available − taken − planned.
 */
export interface Contingent {
  available: number;
  taken: number;
  planned: number;
  open: number;
}

export function contingent(input: { holidayContingent: number; surplus: number; deduction: number; taken: number; planned: number; expired?: number }): Contingent {
  const available = input.holidayContingent + input.surplus - input.deduction - (input.expired ?? 0);
  return { available, taken: input.taken, planned: input.planned, open: available - input.taken - input.planned };
}

/** Year filter of the lists (spec 1 §5): a four-digit year 1800–2199, or empty for none. */
export function parseYearFilter(text: string): number | null | 'invalid' {
  const t = text.trim();
  if (t === '') return null;
  return /^(18|19|20|21)\d\d$/.test(t) ? Number(t) : 'invalid';
}

/** A year in which a person's open requests need more days than remain (see quotaExceeded). */
export interface QuotaExcess {
  year: number;
  /** Days of all open ordinary requests of the person in that year. */
  open: number;
  /** The remaining days of that year's account (its open days, never below 0). */
  remaining: number;
}

/**
 * The one quota rule of the 224 answer (spec 1 §8) and the list's warning (spec 1 §2, `exceeds`):
 * for each year a request touches, in order, the days of all the person's open requests in that
 * year (the new one included) against the remaining days of that year's account. Open requests
 * use up nothing until approved, so the remaining days are the account's open days, the number
 * the overview and the own account show; the first year that falls short is reported.
 */
export function quotaExceeded(
  years: Iterable<number>,
  account: (year: number) => { open: number } | undefined,
  pending: (year: number) => number,
): QuotaExcess | null {
  for (const year of [...years].sort((a, b) => a - b)) {
    const acc = account(year);
    const open = pending(year);
    if (acc && open > acc.open) return { year, open, remaining: Math.max(0, acc.open) };
  }
  return null;
}

/** The 224 prompt of a request beyond the remaining days (spec 1 §8). */
export const limitedDaysMessage = (n: number) => `Nur noch ${n.toLocaleString('de-DE')} Tage verfügbar. Antrag trotzdem stellen?`;

/** The quota warning's text (spec 1 §2: both numbers), e.g. in the approval task and the tooltip. */
export const exceedsText = (open: number, remaining: number, year: number) => {
  const days = (n: number) => `${n.toLocaleString('de-DE')} ${Math.abs(n) === 1 ? 'Tag' : 'Tage'}`;
  return `offene Anträge ${year}: ${days(open)}, Resturlaub ${year}: ${days(remaining)}`;
};

/** Vacation list views (spec 1 §2): 1 open, 2 accepted, 3 past, 5 declined; 4 is the overview. */
export const VACATION_VIEWS = { open: '1', accepted: '2', past: '3', overview: '4', declined: '5' } as const;
export const VACATION_PAGE_SIZE = 20;

/** German state label of a request. */
export function absenceStateLabel(a: { approved: boolean; declined: boolean }): 'offen' | 'akzeptiert' | 'abgelehnt' {
  return a.declined ? 'abgelehnt' : a.approved ? 'akzeptiert' : 'offen';
}

/**
 * The overtime field's rules (spec 1 §5): digits and one comma only, at most 4 characters, or 3
 * without a comma. The spec's client silently rewrote what was typed (a minus made it 0, an e
 * vanished, extra characters were cut, so '-7e,55x' became '07,5'); here the text stays as typed
 * and the rule it breaks is named. Returns that message, or null when the text passes (an empty
 * text too: whether hours are required is the form's rule).
 */
export function overtimeInputProblem(text: string): string | null {
  const v = text.trim();
  if (v === '') return null;
  if (!/^\d+(,\d*)?$/.test(v)) return MSG.overtimeInvalid;
  if (v.length > (v.includes(',') ? 4 : 3)) return MSG.overtimeTooLong;
  return null;
}

/** The working days (YYYY-MM-DD) from start to end inclusive; for periods of at most a few years. */
export function workingDates(start: string, end: string, rules: DayRules): string[] {
  if (end < start) return [];
  const free = freeWeekdays(rules.freeDays);
  const holidays = new Set<string>();
  for (let year = Number(start.slice(0, 4)); year <= Number(end.slice(0, 4)); year++) for (const h of rules.holidays(year)) holidays.add(h);
  return eachDate(start, end).filter((d) => !free.has(weekdayCode(d)) && !holidays.has(d));
}

/**
 * Sickness during vacation (§ 9 BUrlG): the working days of an approved vacation on which a sick
 * report lies are not counted as vacation. Returns those dates, sorted and without repeats.
 */
export function sickCreditDates(vacation: { startDate: string; endDate: string }, sick: readonly { startDate: string; endDate: string }[], rules: DayRules): string[] {
  const out = new Set<string>();
  for (const s of sick) {
    const from = s.startDate > vacation.startDate ? s.startDate : vacation.startDate;
    const to = s.endDate < vacation.endDate ? s.endDate : vacation.endDate;
    for (const d of workingDates(from, to, rules)) out.add(d);
  }
  return [...out].sort();
}

/** Row text of credited days: '2 Tage wegen Krankheit gutgeschrieben' (a half day credits 0,5). */
export const creditedDaysText = (n: number) => `${n.toLocaleString('de-DE')} ${n === 1 ? 'Tag' : 'Tage'} wegen Krankheit gutgeschrieben`;

/** Default expiry of carried-over days (§ 7 (3) BUrlG): 31 March of the following year. */
export const DEFAULT_CARRY_OVER_EXPIRY = '03-31';

/**
 * The expiry setting as stored ('MM-DD', or '' for never) from the form's 'TT.MM.' (or empty).
 * Returns null for anything that is no day of the year; 29 February is refused, it does not
 * exist every year.
 */
export function parseCarryOverExpiry(text: string): string | null {
  const t = text.trim();
  if (t === '') return '';
  const m = /^(\d{1,2})\.(\d{1,2})\.?$/.exec(t);
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[2]);
  const days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (!days || day < 1 || day > days) return null;
  return `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 'MM-DD' → 'TT.MM.' for display ('' stays ''). */
export const formatCarryOverExpiry = (mmdd: string) => (mmdd ? `${mmdd.slice(3, 5)}.${mmdd.slice(0, 2)}.` : '');

/**
 * Carried-over days that expire (§ 7 (3) BUrlG). The days carried into a year are used first: each
 * approved vacation day of that year up to the expiry date uses one of them. What is left of them
 * expires on the expiry date. Before that date it is `expiring` (still available, shown as
 * 'davon n Tage verfallen am …'); from the day after, it is `expired` and no longer available.
 * Nothing expires of a surplus of zero or less, or without an expiry date ('').
 */
export function carryOverExpiry(input: { surplus: number; usedByExpiry: number; year: number; expiry: string; today: string }): { expiryDate: string | null; expiring: number; expired: number } {
  if (!input.expiry || input.surplus <= 0) return { expiryDate: null, expiring: 0, expired: 0 };
  const expiryDate = `${input.year}-${input.expiry}`;
  const left = Math.max(0, input.surplus - Math.max(0, input.usedByExpiry));
  if (left === 0) return { expiryDate, expiring: 0, expired: 0 };
  return input.today > expiryDate ? { expiryDate, expiring: 0, expired: left } : { expiryDate, expiring: left, expired: 0 };
}
