import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { continuedPayChains, continuedPayTaskTitle, type Certificate } from '../src/sick-reports.ts';

const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const report = (startDate: string, days: number, certificate: Certificate | null = 'first') => ({ startDate, endDate: addDays(startDate, days - 1), certificate });

describe('continued pay in sickness (§ 3 EFZG)', () => {
  it('one report of 42 calendar days ends continued pay on its last day', () => {
    expect(continuedPayChains([report('2026-03-02', 42)])).toEqual([{ start: '2026-03-02', days: 42, lastPaidDay: '2026-04-12' }]);
    expect(continuedPayChains([report('2026-03-02', 41)])[0]!.lastPaidDay).toBeNull();
  });

  it('reports that follow directly add up, whatever their certificate', () => {
    const chains = continuedPayChains([report('2026-03-02', 14), report('2026-03-16', 14, null), report('2026-03-30', 20, 'first')]);
    expect(chains).toEqual([{ start: '2026-03-02', days: 48, lastPaidDay: '2026-04-12' }]);
  });

  it('a follow-up certificate after a gap counts on (same cause); a new first certificate starts afresh', () => {
    const followUp = continuedPayChains([report('2026-01-05', 30), report('2026-03-02', 20, 'followUp')]);
    expect(followUp).toEqual([{ start: '2026-01-05', days: 50, lastPaidDay: '2026-03-13' }]);
    const fresh = continuedPayChains([report('2026-01-05', 30), report('2026-03-02', 20, 'first')]);
    expect(fresh.map((c) => c.days)).toEqual([30, 20]);
    expect(fresh.every((c) => c.lastPaidDay === null)).toBe(true);
  });

  it('six months without the illness, or twelve since it began, start a new period', () => {
    expect(continuedPayChains([report('2026-01-05', 30), report('2026-08-10', 20, 'followUp')]).map((c) => c.days)).toEqual([30, 20]);
    // Each gap under six months, but the last report begins more than twelve months after the first.
    const chain = continuedPayChains([report('2026-01-05', 10), report('2026-06-01', 10, 'followUp'), report('2026-11-02', 10, 'followUp'), report('2027-02-01', 15, 'followUp')]);
    expect(chain.map((c) => c.days)).toEqual([30, 15]);
  });

  it('overlapping reports count each day once, in any order', () => {
    expect(continuedPayChains([report('2026-03-10', 10), report('2026-03-02', 12)])).toEqual([{ start: '2026-03-02', days: 18, lastPaidDay: null }]);
  });

  it('property: the days of all chains are the distinct sick days; a chain reaches its 42nd day exactly when it has 42 or more', () => {
    const spans = fc.array(fc.tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 60 }), fc.constantFrom<Certificate | null>('first', 'followUp', null)), { maxLength: 12 });
    fc.assert(
      fc.property(spans, (list) => {
        const reports = list.map(([offset, days, certificate]) => report(addDays('2026-01-01', offset), days, certificate));
        const chains = continuedPayChains(reports);
        const distinct = new Set(reports.flatMap((r) => Array.from({ length: Date.parse(r.endDate) / 86_400_000 - Date.parse(r.startDate) / 86_400_000 + 1 }, (_, i) => addDays(r.startDate, i))));
        expect(chains.reduce((n, c) => n + c.days, 0)).toBe(distinct.size);
        for (const c of chains) {
          expect(c.lastPaidDay !== null).toBe(c.days >= 42);
          if (c.lastPaidDay) expect(c.lastPaidDay >= addDays(c.start, 41)).toBe(true);
        }
        // Chains begin in order and a chain's start is a report's first day.
        const starts = chains.map((c) => c.start);
        expect([...starts].sort()).toEqual(starts);
        for (const start of starts) expect(reports.some((r) => r.startDate === start)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('names the person and the last paid day in the task', () => {
    expect(continuedPayTaskTitle('Anna Berg', '2026-04-12')).toBe('Entgeltfortzahlung endet: Anna Berg, 12.04.2026');
  });
});
