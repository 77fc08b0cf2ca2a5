import { describe, expect, it } from 'vitest';
import { contingent, countWorkingDays, countWorkingDaysByYear, parseYearFilter, weekdayCode } from '../src/absences.ts';
import { holidayTest, publicHolidays } from '../src/holidays.ts';

const office = (region: string) => ({ freeDays: ['', '', '', '', '', '', ''], isHoliday: holidayTest(region) });
const shop = (region: string) => ({ freeDays: ['', '', 'Mi', '', '', '', 'So'], isHoliday: holidayTest(region) });

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
