import { describe, expect, it } from 'vitest';
import { MSG } from '@filialportal/core/messages';
import { ALL_LOCATIONS, locationOptions } from './LocationSelect.tsx';

const locations = [
  { id: 'k', label: 'Filiale Köln' },
  { id: 'h', label: 'Filiale Hamburg' },
];

describe('locationOptions', () => {
  it('offers Alle and the locations', () => {
    expect(locationOptions(locations, { value: ALL_LOCATIONS, withAll: true }).map((o) => o.label)).toEqual(['Alle', 'Filiale Köln', 'Filiale Hamburg']);
  });

  it('names an id that no location has "Unbekannt" instead of showing an empty field', () => {
    const options = locationOptions(locations, { value: 'weg', withAll: false });
    expect(options.at(-1)).toEqual({ value: 'weg', label: MSG.unknownLocation });
    expect(MSG.unknownLocation).toBe('Unbekannt');
  });

  it('keeps the name of a chosen location outside the offered ones', () => {
    expect(locationOptions(locations, { value: 'h', withAll: false, only: ['k'] }).map((o) => o.label)).toEqual(['Filiale Köln', 'Filiale Hamburg']);
  });

  it('says nothing while the list is loading, and nothing for an empty choice', () => {
    expect(locationOptions(undefined, { value: 'k', withAll: false })).toEqual([]);
    expect(locationOptions(locations, { value: '', withAll: false }).map((o) => o.label)).toEqual(['Filiale Köln', 'Filiale Hamburg']);
  });
});
