import { describe, expect, it } from 'vitest';
import { advertisingExpired } from '../src/advertising.ts';

describe('advertisingExpired', () => {
  it('is expired from the day after "gültig bis", valid through that day, never without an end', () => {
    expect(advertisingExpired({ dateTill: '2026-03-31' }, '2026-04-01')).toBe(true);
    expect(advertisingExpired({ dateTill: '2026-03-31' }, '2026-03-31')).toBe(false);
    expect(advertisingExpired({ dateTill: null }, '2099-01-01')).toBe(false);
  });
});
