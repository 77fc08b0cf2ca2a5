import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { carryOverExpiry, contingent, dayFactor, dayPartsOverlap, requestDaysByYear, overtimeInputProblem, countWorkingDays, eachDate, freeWeekdays, countWorkingDaysByYear, parseCarryOverExpiry, formatCarryOverExpiry, parseYearFilter, quotaExceeded, sickCreditDates, weekdayCode, workingDates } from '../src/absences.ts';
import { regionHolidays, publicHolidays } from '../src/holidays.ts';
import { MSG } from '../src/messages.ts';

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

describe('half days', () => {
  const day = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2031, 11, 31) }).map((ms) => new Date(ms).toISOString().slice(0, 10));
  const codes = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'];
  const freeDays = fc.array(fc.constantFrom(...codes), { maxLength: 3 }).map((set) => codes.map((c) => (set.includes(c) ? c : '')));
  const span = fc.tuple(day, fc.integer({ min: 0, max: 800 })).map(([start, n]) => [start, new Date(Date.parse(`${start}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)] as const);

  it('count half of every working day: a morning and an afternoon make the whole period, per year and in total', () => {
    fc.assert(
      fc.property(span, freeDays, fc.constantFrom('NW', 'BY', 'HH'), ([start, end], free, region) => {
        const rules = { freeDays: free, holidays: regionHolidays(region) };
        const full = requestDaysByYear(start, end, rules, 'full');
        const morning = requestDaysByYear(start, end, rules, 'morning');
        const afternoon = requestDaysByYear(start, end, rules, 'afternoon');
        expect([...full.keys()]).toEqual([...morning.keys()]);
        for (const [year, n] of full) {
          expect(morning.get(year)).toBe(n / 2);
          expect(morning.get(year)! + afternoon.get(year)!).toBe(n);
        }
        // Halves add up exactly: no floating-point drift over a whole period.
        const total = [...morning.values()].reduce((a, b) => a + b, 0);
        expect(total * 2).toBe(countWorkingDays(start, end, rules));
      }),
    );
  });

  it('a single half day on a working day counts 0.5, on a holiday or free day nothing', () => {
    expect(requestDaysByYear('2026-11-30', '2026-11-30', office('NW'), 'morning')).toEqual(new Map([[2026, 0.5]]));
    expect(requestDaysByYear('2026-12-25', '2026-12-25', office('NW'), 'afternoon')).toEqual(new Map());
    expect(requestDaysByYear('2026-12-02', '2026-12-02', shop('NW'), 'morning')).toEqual(new Map());
    expect(dayFactor('full')).toBe(1);
    expect(dayFactor('afternoon')).toBe(0.5);
  });

  it('only a morning beside an afternoon does not overlap', () => {
    expect(dayPartsOverlap('morning', 'afternoon')).toBe(false);
    expect(dayPartsOverlap('afternoon', 'morning')).toBe(false);
    expect(dayPartsOverlap('morning', 'morning')).toBe(true);
    expect(dayPartsOverlap('full', 'afternoon')).toBe(true);
    expect(dayPartsOverlap('morning', 'full')).toBe(true);
  });
});

describe('contingent', () => {
  it('available = contingent + surplus − deduction; open = available − taken − planned', () => {
    expect(contingent({ holidayContingent: 30, surplus: 3, deduction: 1, taken: 10, planned: 5 })).toEqual({ available: 32, taken: 10, planned: 5, open: 17 });
  });
});

describe('overtime input (spec 1 §5: digits and a comma, at most 4 characters, 3 without a comma)', () => {
  it.each(['', '7', '75', '120', '7,5', '7,', '12,5', '1,25'])('%j passes', (text) => {
    expect(overtimeInputProblem(text)).toBeNull();
  });

  it.each(['-7e,55x', '-7', '7e', '1e3', '7.5', 'x', ',5', '7,5,', '7,5x', '+7'])('%j is refused, not rewritten', (text) => {
    expect(overtimeInputProblem(text)).toBe(MSG.overtimeInvalid);
  });

  it.each(['1000', '12,55', '123,5'])('%j is too long', (text) => {
    expect(overtimeInputProblem(text)).toBe(MSG.overtimeTooLong);
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

describe('sickness during vacation (§ 9 BUrlG)', () => {
  const rules = { freeDays: ['', '', '', '', '', 'Sa', 'So'], holidays: regionHolidays('NW') };
  // Monday 7 to Friday 18 September 2026: two weeks of vacation.
  const vacation = { startDate: '2026-09-07', endDate: '2026-09-18' };

  it('lists the working days of a period without free days and holidays', () => {
    expect(workingDates('2026-09-04', '2026-09-08', rules)).toEqual(['2026-09-04', '2026-09-07', '2026-09-08']);
    // 3 October (Tag der Deutschen Einheit) is a Saturday in 2026; 1 May 2026 a Friday.
    expect(workingDates('2026-04-30', '2026-05-04', rules)).toEqual(['2026-04-30', '2026-05-04']);
    expect(workingDates('2026-05-04', '2026-05-01', rules)).toEqual([]);
  });

  it('credits the working days of a sick report inside the vacation', () => {
    expect(sickCreditDates(vacation, [{ startDate: '2026-09-08', endDate: '2026-09-09' }], rules)).toEqual(['2026-09-08', '2026-09-09']);
  });

  it('credits only the overlapping part, without the weekend', () => {
    // Sick from Thursday of the second week to the Tuesday after: Thursday and Friday count.
    expect(sickCreditDates(vacation, [{ startDate: '2026-09-17', endDate: '2026-09-22' }], rules)).toEqual(['2026-09-17', '2026-09-18']);
    // Sick over the middle weekend: Friday and Monday.
    expect(sickCreditDates(vacation, [{ startDate: '2026-09-11', endDate: '2026-09-14' }], rules)).toEqual(['2026-09-11', '2026-09-14']);
  });

  it('counts a day of two reports once and nothing outside the vacation', () => {
    const two = [
      { startDate: '2026-09-07', endDate: '2026-09-08' },
      { startDate: '2026-09-08', endDate: '2026-09-08' },
    ];
    expect(sickCreditDates(vacation, two, rules)).toEqual(['2026-09-07', '2026-09-08']);
    expect(sickCreditDates(vacation, [{ startDate: '2026-09-21', endDate: '2026-09-25' }], rules)).toEqual([]);
  });

  it('never credits more than the vacation’s working days (any reports)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: -20, max: 30 }), fc.integer({ min: 0, max: 15 })), { maxLength: 5 }), (spans) => {
        const day = (n: number) => new Date(Date.UTC(2026, 8, 7 + n)).toISOString().slice(0, 10);
        const credited = sickCreditDates(vacation, spans.map(([s, len]) => ({ startDate: day(s), endDate: day(s + len) })), rules);
        expect(credited.length).toBeLessThanOrEqual(countWorkingDays(vacation.startDate, vacation.endDate, rules));
        expect(new Set(credited).size).toBe(credited.length);
      }),
    );
  });
});

describe('carry-over expiry (§ 7 (3) BUrlG)', () => {
  it('reads TT.MM. and refuses days that do not exist every year', () => {
    expect(parseCarryOverExpiry('31.03.')).toBe('03-31');
    expect(parseCarryOverExpiry(' 1.4 ')).toBe('04-01');
    expect(parseCarryOverExpiry('')).toBe('');
    expect(parseCarryOverExpiry('31.04.')).toBeNull();
    expect(parseCarryOverExpiry('29.02.')).toBeNull();
    expect(parseCarryOverExpiry('2027-03-31')).toBeNull();
    expect(parseCarryOverExpiry('\u0000')).toBeNull();
    expect(formatCarryOverExpiry('03-31')).toBe('31.03.');
    expect(formatCarryOverExpiry('')).toBe('');
  });

  // Worked example (docs/decisions/absences-verfall-uebertragener-tage.md): 30 days a year; 8 days carried into 2027; expiry 31.03.
  const example = (usedByExpiry: number, today: string) => carryOverExpiry({ surplus: 8, usedByExpiry, year: 2027, expiry: '03-31', today });

  it('before the date: what vacation up to then does not use is still there, marked as expiring', () => {
    expect(example(0, '2027-02-01')).toEqual({ expiryDate: '2027-03-31', expiring: 8, expired: 0 });
    // Three days in February use three of the carried-over days first.
    expect(example(3, '2027-02-01')).toEqual({ expiryDate: '2027-03-31', expiring: 5, expired: 0 });
    expect(example(3, '2027-03-31')).toEqual({ expiryDate: '2027-03-31', expiring: 5, expired: 0 });
  });

  it('after the date: the rest has expired and leaves the account', () => {
    expect(example(3, '2027-04-01')).toEqual({ expiryDate: '2027-03-31', expiring: 0, expired: 5 });
    const c = contingent({ holidayContingent: 30, surplus: 8, deduction: 0, taken: 3, planned: 10, expired: 5 });
    expect(c).toEqual({ available: 33, taken: 3, planned: 10, open: 20 });
  });

  it('nothing expires when the vacation before the date used it all, without a date, or without a surplus', () => {
    expect(example(10, '2027-04-01')).toEqual({ expiryDate: '2027-03-31', expiring: 0, expired: 0 });
    expect(carryOverExpiry({ surplus: 8, usedByExpiry: 0, year: 2027, expiry: '', today: '2027-04-01' })).toEqual({ expiryDate: null, expiring: 0, expired: 0 });
    expect(carryOverExpiry({ surplus: -2, usedByExpiry: 0, year: 2027, expiry: '03-31', today: '2027-04-01' })).toEqual({ expiryDate: null, expiring: 0, expired: 0 });
  });

  it('never lets more expire than was carried over (any use and date)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -40, max: 40 }), fc.integer({ min: -5, max: 60 }), fc.boolean(), (surplus, used, after) => {
        const r = carryOverExpiry({ surplus, usedByExpiry: used, year: 2027, expiry: '03-31', today: after ? '2027-05-01' : '2027-01-10' });
        expect(r.expiring + r.expired).toBeLessThanOrEqual(Math.max(0, surplus));
        expect(r.expiring * r.expired).toBe(0);
      }),
    );
  });
});

describe('quotaExceeded', () => {
  const accounts = new Map([[2026, { open: 3 }], [2027, { open: 21 }]]);
  it('reports the first short year with all open days against the account\'s open days', () => {
    const pending = new Map([[2026, 2], [2027, 71]]);
    expect(quotaExceeded([2027, 2026], (y) => accounts.get(y), (y) => pending.get(y) ?? 0)).toEqual({ year: 2027, open: 71, remaining: 21 });
    pending.set(2026, 5);
    expect(quotaExceeded([2027, 2026], (y) => accounts.get(y), (y) => pending.get(y) ?? 0)).toEqual({ year: 2026, open: 5, remaining: 3 });
  });
  it('is silent while the open days fit, and never names fewer than 0 remaining days', () => {
    expect(quotaExceeded([2027], (y) => accounts.get(y), () => 21)).toBeNull();
    expect(quotaExceeded([2027], () => ({ open: -2 }), () => 1)).toEqual({ year: 2027, open: 1, remaining: 0 });
  });
});
