import { describe, expect, it } from 'vitest';
import { berlinDay, berlinInstant, berlinParts, currentYear, formatDate, formatDateTime, formatTime, todayIso } from '../src/berlin-time.ts';

describe('times in Europe/Berlin', () => {
  it('winter (UTC+1): 2026-11-22T23:50:00Z is 23.11.2026 00:50', () => {
    const at = new Date('2026-11-22T23:50:00Z');
    expect(formatDateTime(at)).toBe('23.11.2026 00:50');
    expect(formatDate(at)).toBe('23.11.2026');
    expect(formatTime(at)).toBe('00:50');
    expect(berlinDay(at)).toBe('2026-11-23');
    // The same instant as the wire carries it (ISO string) and as epoch milliseconds.
    expect(formatDateTime('2026-11-22T23:50:00.000Z')).toBe('23.11.2026 00:50');
    expect(formatDateTime(at.getTime())).toBe('23.11.2026 00:50');
  });

  it('summer (UTC+2): 2026-06-30T22:30:00Z is 01.07.2026 00:30', () => {
    const at = new Date('2026-06-30T22:30:00Z');
    expect(formatDateTime(at)).toBe('01.07.2026 00:30');
    expect(berlinDay(at)).toBe('2026-07-01');
    expect(berlinParts(at)).toEqual({ year: '2026', month: '07', day: '01', hour: '00', minute: '30', second: '00' });
  });

  it('keeps pure calendar dates (YYYY-MM-DD) as they are, in any zone', () => {
    expect(formatDate('2026-11-23')).toBe('23.11.2026');
    expect(berlinDay('2026-11-23')).toBe('2026-11-23');
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });

  it("today and the year are Berlin's: New Year's Eve 23:30 UTC is already 1 January", () => {
    const newYear = new Date('2026-12-31T23:30:00Z');
    expect(todayIso(newYear)).toBe('2027-01-01');
    expect(currentYear(newYear)).toBe(2027);
    expect(todayIso(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(todayIso(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });

  it('the last millisecond before midnight and midnight itself, one after the other, are two days', () => {
    // The day of the last minute asked is remembered: the next minute must be read afresh.
    expect(berlinDay(new Date('2026-11-30T22:59:59.999Z'))).toBe('2026-11-30');
    expect(berlinDay(new Date('2026-11-30T23:00:00.000Z'))).toBe('2026-12-01');
    expect(berlinDay(new Date('2026-11-30T22:59:00.000Z'))).toBe('2026-11-30');
    expect(berlinDay(Date.parse('2026-11-30T23:00:30Z'))).toBe('2026-12-01');
  });

  it('midnight shows as 00, not 24', () => {
    expect(formatTime(new Date('2026-01-14T23:00:00Z'))).toBe('00:00');
  });

  it('turns a Berlin wall-clock time into its instant across the clock changes', () => {
    expect(berlinInstant('2026-11-23', '00:50').toISOString()).toBe('2026-11-22T23:50:00.000Z');
    expect(berlinInstant('2026-07-01', '00:30').toISOString()).toBe('2026-06-30T22:30:00.000Z');
    expect(berlinInstant('2026-03-29', '03:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(berlinInstant('2026-10-25', '12:00').toISOString()).toBe('2026-10-25T11:00:00.000Z');
  });
});

describe('berlinParts from the offset per hour', () => {
  // Intl's parts, the reference the fast path must equal.
  const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const viaIntl = (ms: number) => {
    const p: Record<string, string> = {};
    for (const part of intl.formatToParts(new Date(ms))) p[part.type] = part.value;
    return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
  };

  it('equals Intl minute by minute around both clock changes of 2026 and at random instants of a century', () => {
    const around = [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)];
    for (const change of around) {
      for (let ms = change - 3 * 3_600_000; ms <= change + 3 * 3_600_000; ms += 60_000 + 1_001) expect(berlinParts(ms)).toEqual(viaIntl(ms));
    }
    let seed = 42;
    for (let i = 0; i < 2_000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      const ms = Date.UTC(1950, 0, 1) + (seed / 2 ** 31) * 100 * 365 * 86_400_000;
      expect(berlinParts(ms)).toEqual(viaIntl(ms));
    }
  });

  it('still refuses what is not an instant', () => {
    expect(() => berlinParts('kein Datum')).toThrow(RangeError);
  });
});
