import { describe, expect, it } from 'vitest';
import { claimFileExtension, claimIsOpen, claimNumber, claimScenarioMissing, claimYearFilter, parseDecimal, surfaceSize, ZChecklistInput, ZClaimInput } from '../src/claims.ts';
import { MSG } from '../src/messages.ts';

const issue = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => (r.success ? null : { message: r.error!.issues[0]!.message, path: r.error!.issues[0]!.path.join('.') });
const LOC = '00000000-0000-4000-8000-000000000001';

describe('open or closed (spec 2 §4)', () => {
  const claim = (completed: string | null, baNumber: string, stockUpdated: boolean) => ({ completed, baNumber, stockUpdated });
  it('for the booking roles: open until the BA number and the stock update are both there', () => {
    expect(claimIsOpen(claim('2026-01-01', '', false), true)).toBe(true);
    expect(claimIsOpen(claim('2026-01-01', 'BA-1', false), true)).toBe(true);
    expect(claimIsOpen(claim(null, '', true), true)).toBe(true);
    expect(claimIsOpen(claim(null, 'BA-1', true), true)).toBe(false);
  });
  it('for everyone else: open until the checklist is completed', () => {
    expect(claimIsOpen(claim(null, 'BA-1', true), false)).toBe(true);
    expect(claimIsOpen(claim('2026-01-01', '', false), false)).toBe(false);
  });
});

describe('numbers and amounts', () => {
  it('numbers claims by year and sequence', () => {
    expect(claimNumber(2026, 42)).toBe('2026-0042');
    expect(claimNumber(2026, 12345)).toBe('2026-12345');
  });
  it('reads decimals with comma or point and computes square metres to 3 places', () => {
    expect(parseDecimal('2,22')).toBe(2.22);
    expect(parseDecimal(' 3 ')).toBe(3);
    expect(parseDecimal('2,2,2')).toBeNull();
    expect(parseDecimal('-1')).toBeNull();
    expect(surfaceSize('2,22', '3')).toBe(6.66);
    expect(surfaceSize(1.9965, 7)).toBe(13.976);
    expect(surfaceSize('', 3)).toBeNull();
  });
  it('filters by year only for four digits from 1800 to 2199', () => {
    expect(claimYearFilter('')).toBeNull();
    expect(claimYearFilter('2026')).toBe(2026);
    expect(claimYearFilter('1799')).toBe('invalid');
    expect(claimYearFilter('26')).toBe('invalid');
    expect(claimYearFilter('20x6')).toBe('invalid');
  });
  it('knows the allowed file endings, .mov.qt included', () => {
    expect(claimFileExtension('Foto.HEIC')).toBe('.heic');
    expect(claimFileExtension('clip.mov.qt')).toBe('.mov.qt');
    expect(claimFileExtension('clip.qt')).toBeNull();
    expect(claimFileExtension('rechnung.pdf.exe')).toBeNull();
    expect(claimFileExtension('ohne')).toBeNull();
  });
});

describe('the claim form (spec 2 §5)', () => {
  it('needs the names each type asks for', () => {
    expect(issue(ZClaimInput.safeParse({ type: 'customer-item', locationId: LOC }))).toEqual({ message: MSG.requiredField, path: 'customerName' });
    expect(issue(ZClaimInput.safeParse({ type: 'stock-item', locationId: LOC }))).toEqual({ message: MSG.requiredField, path: 'supplierName' });
    expect(issue(ZClaimInput.safeParse({ type: 'hauler-item', locationId: LOC, customerName: 'K' }))).toEqual({ message: MSG.requiredField, path: 'haulerName' });
    expect(issue(ZClaimInput.safeParse({ type: '', locationId: LOC }))).toEqual({ message: MSG.requiredField, path: 'type' });
    expect(ZClaimInput.safeParse({ type: 'stock-item', locationId: LOC, supplierName: 'Parador' }).success).toBe(true);
  });
  it('limits the checklist: 10,000 characters, scenarios 1–9 or abgelehnt, amounts ≥ 0', () => {
    expect(issue(ZChecklistInput.safeParse({ additionalInfo: 'x'.repeat(10_001) }))?.message).toBe(MSG.claimInfoTooLong);
    expect(ZChecklistInput.safeParse({ additionalInfo: 'x'.repeat(10_000) }).success).toBe(true);
    expect(issue(ZChecklistInput.safeParse({ scenario: '0' }))?.message).toBe(MSG.claimScenarioInvalid);
    expect(ZChecklistInput.safeParse({ scenario: 'abgelehnt' }).success).toBe(true);
    expect(issue(ZChecklistInput.safeParse({ lueckentext: { packageCount: '-2' } }))?.message).toBe(MSG.claimQuantityInvalid);
    expect(ZChecklistInput.parse({ lueckentext: { packageContent: '2,5' } }).lueckentext.packageContent).toBe(2.5);
  });
});

describe('claimScenarioMissing', () => {
  it('only a completed checklist needs a scenario', () => {
    expect(claimScenarioMissing({ completed: true, scenario: null })).toBe(true);
    expect(claimScenarioMissing({ completed: true, scenario: 'Scenario 2' })).toBe(false);
    expect(claimScenarioMissing({ completed: false, scenario: null })).toBe(false);
    expect(claimScenarioMissing({})).toBe(false);
  });
});
