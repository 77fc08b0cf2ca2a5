import { describe, expect, it } from 'vitest';
import { auditExportPath } from './audit.api.ts';
import { auditFiltersOf, auditSearch, setFilterCount } from './audit-filters.ts';
import { personOptions } from './PersonFilter.tsx';

const ID = '0b6f7a52-3c1e-4a39-9d0e-5f7c2b8a1d44';

describe('the filters of the audit trail in the address', () => {
  it('reads person, Bereich and the days under their German names', () => {
    const filters = auditFiltersOf(new URLSearchParams({ person: ID, bereich: 'location', von: '2026-03-01', bis: '2026-03-31' }));
    expect(filters).toEqual({ actor: ID, entity: 'location', since: '2026-03-01', until: '2026-03-31' });
    expect(setFilterCount(filters)).toBe(4);
    expect(auditExportPath(filters)).toBe(`/api/audit/export?actor=${ID}&entity=location&since=2026-03-01&until=2026-03-31`);
  });

  it('leaves out what the server would refuse: no id, an unknown Bereich, no day', () => {
    const filters = auditFiltersOf(new URLSearchParams({ person: 'admin', bereich: 'toString', von: '2026-02-30', bis: '2300-01-01' }));
    expect(filters).toEqual({ actor: '', entity: '', since: '', until: '' });
    expect(auditSearch(filters)).toEqual({});
    expect(auditExportPath(filters)).toBe('/api/audit/export');
  });
});

describe('the person filter', () => {
  const people = [
    { id: 'a', firstName: 'Eva', lastName: 'Zorn', active: true, locationLabel: 'Zentrale' },
    { id: 'b', firstName: 'Jan', lastName: 'Abel', active: false, locationLabel: 'Filiale Köln' },
  ];

  it('groups people by location, inactive ones marked', () => {
    expect(personOptions(people, '')).toEqual([
      { group: 'Filiale Köln', items: [{ value: 'b', label: 'Abel, Jan (inaktiv)' }] },
      { group: 'Zentrale', items: [{ value: 'a', label: 'Zorn, Eva' }] },
    ]);
  });

  it('keeps a chosen person nobody has any more as unknown', () => {
    expect(personOptions(people, 'gone').at(-1)).toEqual({ group: 'Nicht mehr vorhanden', items: [{ value: 'gone', label: 'Unbekannte Person' }] });
    expect(personOptions(undefined, 'gone')).toEqual([]);
  });
});
