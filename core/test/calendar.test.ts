import { describe, expect, it } from 'vitest';
import {
  type CellInput,
  countDay,
  cutInfo,
  deriveCell,
  isoWeek,
  mondayOf,
  mondayOfWeek,
  statusLabel,
  weekDates,
  weeksInYear,
  ZLocationAppointmentFields,
} from '../src/calendar.ts';
import { MSG } from '../src/messages.ts';

describe('daily counts (spec 1 §4)', () => {
  it.each([
    [7, { present: 1, fullDay: 1, early: 0, late: 0, absent: 0 }],
    [4, { present: 1, fullDay: 1, early: 0, late: 0, absent: 0 }],
    [22, { present: 1, fullDay: 0, early: 0, late: 0, absent: 0 }],
    [71, { present: 1, fullDay: 0, early: 1, late: 0, absent: 0 }],
    [72, { present: 1, fullDay: 0, early: 0, late: 1, absent: 0 }],
    [9, { present: 1, fullDay: 0, early: 0, late: 1, absent: 0 }],
    [31, { present: 1, fullDay: 0, early: 0, late: 0, absent: 0 }],
    [32, { present: 1, fullDay: 0, early: 0, late: 0, absent: 0 }],
    [1, { present: 0, fullDay: 0, early: 0, late: 0, absent: 1 }],
    [2, { present: 0, fullDay: 0, early: 0, late: 0, absent: 1 }],
    [3, { present: 0, fullDay: 0, early: 0, late: 0, absent: 1 }],
    [5, { present: 0, fullDay: 0, early: 0, late: 0, absent: 1 }],
    [6, { present: 0, fullDay: 0, early: 0, late: 0, absent: 1 }],
    [12, { present: 0, fullDay: 0, early: 0, late: 0, absent: 1 }],
    [33, { present: 0, fullDay: 0, early: 0, late: 0, absent: 1 }],
    [47, { present: 0, fullDay: 0, early: 0, late: 0, absent: 1 }],
    [11, { present: 0, fullDay: 0, early: 0, late: 0, absent: 0 }],
  ])('status %i counts as %j', (status, counts) => {
    expect(countDay([status])).toEqual(counts);
  });

  it('adds up a day and skips empty cells', () => {
    expect(countDay([7, 7, 71, 72, 9, 2, 3, 5, null, 48])).toEqual({ present: 5, fullDay: 2, early: 1, late: 2, absent: 3 });
    expect(countDay([])).toEqual({ present: 0, fullDay: 0, early: 0, late: 0, absent: 0 });
  });
});

describe('labels', () => {
  it('shows the code label, or the own text cut to 20 characters for 4 and 22', () => {
    expect(statusLabel(2)).toBe('KR');
    expect(statusLabel(3)).toBe('UR');
    expect(statusLabel(71)).toBe('Früh');
    expect(statusLabel(72)).toBe('Spät');
    expect(statusLabel(9)).toBe('BS/X');
    expect(statusLabel(4, 'Messe')).toBe('Messe');
    expect(statusLabel(4, 'Messe Düsseldorf ganztägig')).toBe('Messe Düsseldorf gan…');
    expect(cutInfo('x'.repeat(20))).toBe('x'.repeat(20));
  });
});

describe('weeks (Monday first, ISO numbering)', () => {
  it('finds the Monday and the seven days', () => {
    expect(mondayOf('2026-11-21')).toBe('2026-11-16');
    expect(mondayOf('2026-11-16')).toBe('2026-11-16');
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(weekDates('2027-01-01')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
  });

  it('numbers weeks like the calendar on the wall', () => {
    expect(isoWeek('2026-11-21')).toEqual({ year: 2026, week: 47 });
    expect(isoWeek('2027-01-01')).toEqual({ year: 2026, week: 53 });
    expect(isoWeek('2024-12-30')).toEqual({ year: 2025, week: 1 });
    expect(weeksInYear(2026)).toBe(53);
    expect(weeksInYear(2027)).toBe(52);
    expect(mondayOfWeek(2026, 47)).toBe('2026-11-16');
    expect(mondayOfWeek(2025, 1)).toBe('2024-12-30');
    expect(mondayOfWeek(2026, 53)).toBe('2026-12-28');
  });
});

describe('cell derivation', () => {
  const base: CellInput = { date: '2027-05-28', freeDays: ['', '', '', '', '', 'Sa', 'So'], presence: ['', '', '', '', '', '', ''], holiday: null, sick: null, vacation: null, manual: null };
  const vacation = { startDate: '2027-05-24', endDate: '2027-05-30', specialHoliday: false, reason: '', overtimeDeduction: false, overtime: null };

  it('sick beats everything, even a free day', () => {
    const c = deriveCell({ ...base, date: '2027-05-29', sick: { startDate: '2027-05-29', endDate: '2027-05-29' }, manual: { status: 7, info: '', by: 'A B', at: '2027-05-01' } });
    expect(c).toMatchObject({ status: 2, source: 'sick' });
  });

  it('an approved training shows as Veranstaltung, beating a shift and a free day but not sickness or vacation', () => {
    const training = { title: 'Parkett ölen', time: '14:00' };
    const manual = { status: 71, info: '', by: 'A B', at: '2027-05-01' };
    expect(deriveCell({ ...base, training, manual })).toMatchObject({ status: 6, source: 'training', info: 'Parkett ölen', title: 'Veranstaltung: Parkett ölen', extendedTitle: 'Veranstaltung: Parkett ölen, 14:00 Uhr' });
    expect(deriveCell({ ...base, date: '2027-05-29', training })).toMatchObject({ status: 6 });
    expect(deriveCell({ ...base, training, vacation })).toMatchObject({ status: 3 });
    expect(deriveCell({ ...base, training, sick: { startDate: '2027-05-28', endDate: '2027-05-28' } })).toMatchObject({ status: 2 });
  });

  it('vacation covers working days only; free days and holidays in it stay free', () => {
    expect(deriveCell({ ...base, vacation })).toMatchObject({ status: 3, source: 'vacation' });
    expect(deriveCell({ ...base, date: '2027-05-29', vacation })).toMatchObject({ status: 5, source: 'free' });
    expect(deriveCell({ ...base, date: '2027-05-27', holiday: 'Fronleichnam', vacation })).toMatchObject({ status: 5, source: 'holiday', title: 'Feiertag: Fronleichnam' });
    expect(deriveCell({ ...base, vacation: { ...vacation, specialHoliday: true, reason: 'Umzug' } }).extendedTitle).toBe('Urlaub 24.05.2027 – 30.05.2027 · Sonderurlaub: Umzug');
    expect(deriveCell({ ...base, vacation: { ...vacation, overtimeDeduction: true, overtime: 7.5 } }).extendedTitle).toBe('Urlaub 24.05.2027 – 30.05.2027 · Überstundenabbau: 7,5 Std.');
  });

  it('a hand-set entry beats holiday, free day and pattern', () => {
    const manual = { status: 71, info: '', by: 'Fiona Filial', at: '2027-05-20' };
    expect(deriveCell({ ...base, date: '2027-05-29', manual })).toMatchObject({ status: 71, source: 'manual', title: 'Frühschicht', extendedTitle: 'Frühschicht · gesetzt von Fiona Filial am 20.05.2027' });
    expect(deriveCell({ ...base, holiday: 'Neujahr', manual })).toMatchObject({ status: 71, source: 'manual' });
  });

  it('follows the week pattern: free weekdays, presence text, else present', () => {
    expect(deriveCell(base)).toMatchObject({ status: 7, source: 'pattern' });
    expect(deriveCell({ ...base, presence: ['', '', '', '', '9–14 Uhr', '', ''] })).toMatchObject({ status: 22, info: '9–14 Uhr', source: 'pattern' });
    expect(deriveCell({ ...base, freeDays: ['', '', '', '', '', '', ''] , date: '2027-05-29' })).toMatchObject({ status: 5, source: 'free' });
    expect(deriveCell({ ...base, freeDays: ['Fr', '', '', '', '', '', ''] })).toMatchObject({ status: 5, source: 'free' });
    expect(deriveCell({ ...base, freeDays: ['Fr', '', '', '', '', '', ''], date: '2027-05-29' })).toMatchObject({ status: 7 });
  });
});

describe('POST /locationappointment body', () => {
  const id = '0b7d2f2e-3f0e-4c1e-9a61-0d3f7c9b5a11';
  it('accepts the choices and free text, refuses other codes and empty free text', () => {
    for (const status of [7, 71, 72, 2, 3, 9, 5, 12, 11, null]) expect(ZLocationAppointmentFields.safeParse({ userId: id, date: '2027-05-28', status }).success).toBe(true);
    const bad = ZLocationAppointmentFields.safeParse({ userId: id, date: '2027-05-28', status: 6 });
    expect(bad.error?.issues[0]?.message).toBe(MSG.calendarStatusInvalid);
    const empty = ZLocationAppointmentFields.safeParse({ userId: id, date: '2027-05-28', status: 4, info: '   ' });
    expect(empty.error?.issues[0]?.message).toBe(MSG.calendarTextRequired);
  });
});
