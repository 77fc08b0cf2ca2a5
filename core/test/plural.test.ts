import { describe, expect, it } from 'vitest';
import { countOf, formatCount, plural } from '../src/plural.ts';

describe('countOf', () => {
  it.each([
    [0, '0 Plätze'],
    [1, '1 Platz'],
    [2, '2 Plätze'],
    [-1, '-1 Platz'],
    [1234, '1.234 Plätze'],
  ])('%d places → %s', (n, text) => expect(countOf(n, 'Platz', 'Plätze')).toBe(text));

  it('takes the plural for fractions, also between one and two, with a German comma', () => {
    expect(countOf(0.5, 'Tag', 'Tage')).toBe('0,5 Tage');
    expect(countOf(1.5, 'Tag', 'Tage')).toBe('1,5 Tage');
    expect(countOf(1, 'Tag', 'Tage')).toBe('1 Tag');
  });

  it('keeps at most two decimals', () => {
    expect(formatCount(2.345)).toBe('2,35');
    expect(formatCount(12_345.6)).toBe('12.345,6');
  });

  it('takes other forms for other cases: the dative after "von", a verb that agrees', () => {
    expect(`0 von ${countOf(1, 'Platz', 'Plätzen')} frei`).toBe('0 von 1 Platz frei');
    expect(`0 von ${countOf(2, 'Platz', 'Plätzen')} frei`).toBe('0 von 2 Plätzen frei');
    expect(`${countOf(1, 'Person', 'Personen')} ${plural(1, 'wurde', 'wurden')} erinnert`).toBe('1 Person wurde erinnert');
  });
});
