import { describe, expect, it } from 'vitest';
import { countDay, weekDates, type CalendarRow, type CalendarWeek } from '@filialportal/core/calendar';
import { applyCellChange, cellDescription, cellName, groupRows, rowName } from './calendar-grid.ts';

const DATES = weekDates('2026-05-13');
const team = (id: string, label: string, sortingIndex: number) => ({ id, label, sortingIndex });
const VERKAUF = team('t-verkauf', 'Verkauf', 100);
const AZUBI = team('t-azubi', 'Azubi', 110);

function row(userId: string, lastName: string, firstName: string, t = VERKAUF, status: number | null = 7): CalendarRow {
  return {
    userId,
    firstName,
    lastName,
    personalNumber: userId.replace('u', '10'),
    team: t,
    searchName: `${lastName} ${firstName} ${firstName} ${lastName} ${userId.replace('u', '10')}`.toLowerCase(),
    cells: DATES.map((date) => ({ date, status, statusLabel: '✓', info: '', source: 'pattern' as const, editable: true, title: 'Anwesend', half: null })),
  };
}

function week(rows: CalendarRow[]): CalendarWeek {
  return {
    location: { id: 'loc', label: 'Filiale Köln' },
    year: 2026,
    week: 20,
    start: DATES[0]!,
    end: DATES[6]!,
    days: DATES.map((date, i) => ({
      dt: `${date}T00:00:00.000Z`,
      date,
      weeks: 20,
      isActive: false,
      users: [],
      dateIndex: i,
      weekday: ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'][i]!,
      dateFormated: date.split('-').reverse().join('.'),
      isToday: false,
      holiday: null,
      info: '',
      specialAppointments: [],
      minStaff: 0,
      understaffed: false,
    })),
    rows,
    counts: DATES.map((_, i) => countDay(rows.map((r) => r.cells[i]!.status))),
    can: { editCells: true, editInfo: true, editSick: false, editVacation: false, export: false, chooseLocation: false, extendedTitle: false },
  };
}

describe('groupRows', () => {
  const rows = [row('u1', 'Klein', 'Tilda'), row('u2', 'Wolf', 'Greta'), row('u3', 'Werner', 'Noah', AZUBI)];

  it('keeps the server order and starts a group at each new team', () => {
    const groups = groupRows(rows, '');
    expect(groups.map((g) => [g.team.label, g.rows.map(rowName)])).toEqual([
      ['Verkauf', ['Klein, Tilda', 'Wolf, Greta']],
      ['Azubi', ['Werner, Noah']],
    ]);
  });

  it('filters by name or personal number, ignoring case, and drops empty teams', () => {
    expect(groupRows(rows, '  WOLF ').map((g) => g.rows.map(rowName))).toEqual([['Wolf, Greta']]);
    expect(groupRows(rows, '103').map((g) => g.team.label)).toEqual(['Azubi']);
    expect(groupRows(rows, 'niemand')).toEqual([]);
  });
});

describe('applyCellChange', () => {
  it('sets status, label and source of the cell and recounts only that day', () => {
    const before = week([row('u1', 'Klein', 'Tilda'), row('u2', 'Wolf', 'Greta')]);
    const after = applyCellChange(before, { userId: 'u2', date: DATES[1]!, status: 71, info: '' });
    const cell = after.rows[1]!.cells[1]!;
    expect(cell).toMatchObject({ status: 71, statusLabel: 'Früh', source: 'manual' });
    expect(after.counts[1]).toEqual({ present: 2, fullDay: 1, early: 1, late: 0, absent: 0 });
    expect(after.counts[0]).toBe(before.counts[0]);
    expect(after.rows[0]).toBe(before.rows[0]);
  });

  it('shows free text cut to 20 characters', () => {
    const after = applyCellChange(week([row('u1', 'Klein', 'Tilda')]), { userId: 'u1', date: DATES[0]!, status: 4, info: 'Messe Düsseldorf ganztägig' });
    expect(after.rows[0]!.cells[0]).toMatchObject({ status: 4, statusLabel: 'Messe Düsseldorf gan…', info: 'Messe Düsseldorf ganztägig' });
  });

  it('leaves a reset cell to the server, and a day outside the week untouched', () => {
    const before = week([row('u1', 'Klein', 'Tilda')]);
    expect(applyCellChange(before, { userId: 'u1', date: DATES[0]!, status: null, info: '' }).rows[0]!.cells[0]).toEqual(before.rows[0]!.cells[0]);
    expect(applyCellChange(before, { userId: 'u1', date: '2026-06-01', status: 71, info: '' })).toBe(before);
  });
});

describe('cellDescription', () => {
  it('prefers the tooltip, then the status name, else "kein Eintrag"', () => {
    const cell = row('u1', 'Klein', 'Tilda').cells[0]!;
    expect(cellDescription(cell)).toBe('Anwesend');
    expect(cellDescription({ ...cell, title: '', status: 72 })).toBe('Spätschicht');
    expect(cellDescription({ ...cell, title: '', status: null })).toBe('kein Eintrag');
  });
});

describe('cellName', () => {
  it('starts with the shown text where the description does not say it', () => {
    const cell = row('u1', 'Klein', 'Tilda').cells[0]!;
    expect(cellName(cell)).toBe('Anwesend');
    expect(cellName({ ...cell, title: '', status: 71, statusLabel: 'Früh' })).toBe('Früh – Frühschicht');
    expect(cellName({ ...cell, title: '', status: 5, statusLabel: 'frei' })).toBe('Frei');
    expect(cellName({ ...cell, title: 'Urlaub (genehmigt)', status: 3, statusLabel: 'UR' })).toBe('UR – Urlaub (genehmigt)');
    expect(cellName({ ...cell, title: '', status: null, statusLabel: '' })).toBe('kein Eintrag');
  });
});
