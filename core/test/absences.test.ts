import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { contingent, countWorkingDays, eachDate, freeWeekdays, countWorkingDaysByYear, parseYearFilter, weekdayCode } from '../src/absences.ts';
import { regionHolidays, publicHolidays } from '../src/holidays.ts';

const office = (region: string) => ({ freeDays: ['', '', '', '', '', '', ''], holidays: regionHolidays(region) });
const shop = (region: string) => ({ freeDays: ['', '', 'Mi', '', '', '', 'So'], holidays: regionHolidays(region) });

describe('countWorkingDays', () => {
  it('knows weekdays', () => {
    expect(weekdayCode('2026-11-21')).toBe('Sa');
    expect(weekdayCode('2026-11-23')).toBe('Mo');
  });

  it('skips Fronleichnam in NW but not in HH (week of 1–5 June 2026)', () => {
    expect(publicHolidays('NW', 2026).get('2026-06-04')).toBe('Fronleichnam');
    expect(countWorkingDays('2026-06-01', '2026-06-07', office('NW'))).toBe(4);
    expect(countWorkingDays('2026-06-01', '2026-06-07', office('HH'))).toBe(5);
  });

  it('counts Saturdays for a person who works them (free: Wednesday and Sunday)', () => {
    // Mo 23.11. to So 29.11.2026: Mo Di Do Fr Sa = 5 days.
    expect(countWorkingDays('2026-11-23', '2026-11-29', shop('NW'))).toBe(5);
    expect(countWorkingDays('2026-11-23', '2026-11-29', office('NW'))).toBe(5);
    expect(countWorkingDays('2026-11-28', '2026-11-28', shop('NW'))).toBe(1);
    expect(countWorkingDays('2026-11-28', '2026-11-28', office('NW'))).toBe(0);
  });

  it('skips Easter Monday', () => {
    // Mo 6.4.2026 is Ostermontag; 6.–10.4. has 4 working days.
    expect(countWorkingDays('2026-04-06', '2026-04-10', office('BY'))).toBe(4);
  });

  it('counts 24 and 31 December as working days, 25/26 December and New Year not', () => {
    // Do 24.12. to Fr 1.1.2027: 24, 28, 29, 30, 31 = 5 days.
    expect(countWorkingDays('2026-12-24', '2027-01-01', office('NW'))).toBe(5);
  });

  it('splits a request across New Year into each year', () => {
    const byYear = countWorkingDaysByYear('2026-12-28', '2027-01-08', office('NW'));
    expect(byYear.get(2026)).toBe(4);
    // 2027: Fr 1.1. holiday; Mo 4.–Fr 8.1. = 5, Epiphany (6.1.) is no holiday in NW.
    expect(byYear.get(2027)).toBe(5);
    expect(countWorkingDaysByYear('2026-12-28', '2027-01-08', office('BY')).get(2027)).toBe(4);
  });

  it('returns 0 for an end before the start', () => {
    expect(countWorkingDays('2026-06-05', '2026-06-01', office('NW'))).toBe(0);
  });

  /** The plain definition: walk every day. The counting must agree with it for any period. */
  function countDayByDay(start: string, end: string, rules: { freeDays: string[]; holidays: (y: number) => Iterable<string> }) {
    const free = freeWeekdays(rules.freeDays);
    const out = new Map<number, number>();
    for (const d of eachDate(start, end)) {
      const year = Number(d.slice(0, 4));
      if (free.has(weekdayCode(d)) || new Set(rules.holidays(year)).has(d)) continue;
      out.set(year, (out.get(year) ?? 0) + 1);
    }
    return out;
  }

  it('agrees with walking every day, for any period, free days and state', () => {
    const day = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2031, 11, 31) }).map((ms) => new Date(ms).toISOString().slice(0, 10));
    const codes = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'];
    const freeDays = fc.array(fc.constantFrom(...codes), { maxLength: 3 }).map((set) => codes.map((c) => (set.includes(c) ? c : '')));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 800 }), freeDays, fc.constantFrom('NW', 'BY', 'HH', 'SN', 'BW'), (start, length, free, region) => {
        const end = new Date(Date.parse(`${start}T00:00:00Z`) + length * 86_400_000).toISOString().slice(0, 10);
        const rules = { freeDays: free, holidays: regionHolidays(region) };
        expect(countWorkingDaysByYear(start, end, rules)).toEqual(countDayByDay(start, end, rules));
      }),
      { numRuns: 300 },
    );
  });
});

describe('contingent', () => {
  it('available = contingent + surplus − deduction; open = available − taken − planned', () => {
    expect(contingent({ holidayContingent: 30, surplus: 3, deduction: 1, taken: 10, planned: 5 })).toEqual({ available: 32, taken: 10, planned: 5, open: 17 });
  });
});

describe('year filter', () => {
  it.each([
    ['', null],
    ['2026', 2026],
    ['1800', 1800],
    ['2199', 2199],
    ['1799', 'invalid'],
    ['2200', 'invalid'],
    ['20', 'invalid'],
    ['abcd', 'invalid'],
  ])('%s → %s', (text, expected) => expect(parseYearFilter(text)).toBe(expected));
});
