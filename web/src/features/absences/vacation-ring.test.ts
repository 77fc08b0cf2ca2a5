import { describe, expect, it } from 'vitest';
import { expiryText, ringParts, ringThickness, vacationAccount } from './vacation-ring.ts';

const account = (available: number, taken: number, planned: number) =>
  vacationAccount({ availableHolidays: available, holidaysTakenThisYear: taken, holidaysPlannedThisYear: planned });

describe('ringThickness', () => {
  it('leaves a hole of 82 percent of the outer diameter as the ring draws it', () => {
    const size = 160;
    const t = ringThickness(size);
    const radius = (size * 0.9 - t * 2) / 2;
    const outer = 2 * radius + t;
    const hole = 2 * radius - t;
    expect(hole / outer).toBeCloseTo(0.82, 10);
  });

  it('leaves the hole room for its label: thinner than a quarter of the size', () => {
    expect(ringThickness(120)).toBeLessThan(120 / 4);
  });
});

describe('vacationAccount', () => {
  it('counts open days as available minus taken minus planned', () => {
    expect(account(30, 12.5, 3)).toEqual({ available: 30, taken: 12.5, planned: 3, open: 14.5, expiring: 0, expiryDate: null });
  });

  it('rounds floating point leftovers of half days', () => {
    expect(account(30.1, 12.5, 0.2).open).toBe(17.4);
  });

  it('may go below zero', () => {
    expect(account(10, 8, 4).open).toBe(-2);
  });
});

describe('ringParts', () => {
  it('splits the ring by taken, planned and open days', () => {
    const parts = ringParts(account(20, 5, 5));
    expect(parts.map((p) => [p.part, p.percent])).toEqual([
      ['taken', 25],
      ['planned', 25],
      ['open', 50],
    ]);
  });

  it('draws a negative open count as nothing', () => {
    const parts = ringParts(account(10, 8, 4));
    expect(parts.find((p) => p.part === 'open')).toMatchObject({ days: 0, percent: 0 });
    expect(parts.reduce((s, p) => s + p.percent, 0)).toBeCloseTo(100, 10);
  });

  it('has nothing to draw for an empty account', () => {
    expect(ringParts(account(0, 0, 0))).toEqual([]);
  });
});

describe('expiryText', () => {
  it('names the carried-over days that expire and the date', () => {
    const a = vacationAccount({ availableHolidays: 34, holidaysTakenThisYear: 0, holidaysPlannedThisYear: 0, holidaysExpiring: 4, holidaysExpiryDate: '2027-03-31' });
    expect(expiryText(a)).toBe('davon 4 Tage verfallen am 31.03.');
    expect(expiryText({ expiring: 1, expiryDate: '2027-03-31' })).toBe('davon 1 Tag verfällt am 31.03.');
    expect(expiryText({ expiring: 1.5, expiryDate: '2027-06-30' })).toBe('davon 1,5 Tage verfallen am 30.06.');
  });

  it('says nothing when nothing expires', () => {
    expect(expiryText(account(30, 0, 0))).toBeNull();
    expect(expiryText({ expiring: 0, expiryDate: '2027-03-31' })).toBeNull();
  });
});
