import { describe, expect, it } from 'vitest';
import { showsCards, sortChoices } from './table-cards.ts';

const columns = [
  { key: 'person', label: 'Mitarbeiter', sortable: true, sortField: 'lastName' },
  { key: 'period', label: 'Zeitraum', sortable: true, sortField: 'startDate' },
  { key: 'state', label: 'Status' },
];

describe('sort choices of the card layout', () => {
  it('offers no sort, then each sortable column up and down in column order', () => {
    expect(sortChoices(columns)).toEqual([
      { value: '', label: 'Standard' },
      { value: 'lastName', label: 'Mitarbeiter aufsteigend' },
      { value: '-lastName', label: 'Mitarbeiter absteigend' },
      { value: 'startDate', label: 'Zeitraum aufsteigend' },
      { value: '-startDate', label: 'Zeitraum absteigend' },
    ]);
  });

  it('uses the key when a column names no sort field', () => {
    expect(sortChoices([{ key: 'countDays', label: 'Tage', sortable: true }]).map((c) => c.value)).toEqual(['', 'countDays', '-countDays']);
  });

  it('keeps a current sort no column offers, so the field shows what the list does', () => {
    expect(sortChoices(columns, '-createdAt').at(-1)).toEqual({ value: '-createdAt', label: 'createdAt' });
    expect(sortChoices(columns, '-lastName')).toHaveLength(5);
  });
});

describe('when rows become cards', () => {
  it('uses cards where the box is narrower than the table needs', () => {
    expect(showsCards(356, 700, true)).toBe(true);
    expect(showsCards(504, 700, false)).toBe(true);
    expect(showsCards(744, 700, false)).toBe(false);
    expect(showsCards(700, 700, true)).toBe(false);
  });

  it('lets the viewport decide before the box is measured', () => {
    expect(showsCards(0, 700, true)).toBe(true);
    expect(showsCards(0, 700, false)).toBe(false);
  });
});
