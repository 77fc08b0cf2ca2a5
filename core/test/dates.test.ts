import { describe, expect, it } from 'vitest';
import { parseTypedDate } from '../src/dates.ts';
import { MSG } from '../src/messages.ts';

describe('typed dates (TT.MM.JJJJ)', () => {
  it.each([
    ['01.12.2026', '2026-12-01'],
    ['1.12.2026', '2026-12-01'],
    ['1.2.2027', '2027-02-01'],
    // Two-digit years are this century, always.
    ['1.12.26', '2026-12-01'],
    ['31.12.99', '2099-12-31'],
    ['29.02.28', '2028-02-29'],
    [' 24. 12. 2026 ', '2026-12-24'],
    // Pasted from elsewhere.
    ['2026-12-24', '2026-12-24'],
  ])('%j is %s', (text, date) => {
    expect(parseTypedDate(text)).toEqual({ ok: true, date });
  });

  it('an empty field is no date and no problem', () => {
    expect(parseTypedDate('')).toEqual({ ok: true, date: null });
    expect(parseTypedDate('   ')).toEqual({ ok: true, date: null });
  });

  it.each([
    // No year: refused, not guessed.
    '1.12.',
    '1.12',
    // Days that do not exist.
    '31.02.2026',
    '29.02.2027',
    '0.1.2026',
    '1.13.2026',
    '32.1.2026',
    // Not the form.
    '1.12.202',
    '1/12/2026',
    '1-12-2026',
    '01122026',
    'morgen',
    '1.12.2026x',
    '2026-2-1',
  ])('%j is refused with the format message', (text) => {
    expect(parseTypedDate(text)).toEqual({ ok: false, message: MSG.dateTypedInvalid });
  });

  it('refuses years outside 1800–2199 with their own message', () => {
    expect(parseTypedDate('1.1.1799')).toEqual({ ok: false, message: MSG.dateOutOfRange });
    expect(parseTypedDate('1.1.2200')).toEqual({ ok: false, message: MSG.dateOutOfRange });
    expect(parseTypedDate('1.1.0026')).toEqual({ ok: false, message: MSG.dateOutOfRange });
    expect(parseTypedDate('1.1.1800')).toEqual({ ok: true, date: '1800-01-01' });
  });
});
