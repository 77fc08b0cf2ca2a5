import { useMemo } from 'react';
import { Select } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { usePeople } from './audit.api.ts';

interface Person {
  id: string;
  firstName: string;
  lastName: string;
  active: boolean;
  locationLabel: string;
}

/**
 * The choices by location, 'Nachname, Vorname' as the employee pickers show them; inactive
 * people too (the trail names who acted then), marked. A chosen id nobody has any more keeps a
 * name, so the field never looks empty while it filters.
 */
export function personOptions(people: readonly Person[] | undefined, value: string) {
  const byLocation = new Map<string, { value: string; label: string }[]>();
  for (const p of people ?? []) {
    const items = byLocation.get(p.locationLabel) ?? [];
    items.push({ value: p.id, label: `${p.lastName}, ${p.firstName}${p.active ? '' : ' (inaktiv)'}` });
    byLocation.set(p.locationLabel, items);
  }
  const groups = [...byLocation.entries()].sort(([a], [b]) => a.localeCompare(b, 'de')).map(([group, items]) => ({ group, items }));
  if (people === undefined || value === '' || people.some((p) => p.id === value)) return groups;
  return [...groups, { group: 'Nicht mehr vorhanden', items: [{ value, label: 'Unbekannte Person' }] }];
}

/** 'Person': who acted, searchable by name; cleared for everyone. */
export function PersonFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const people = usePeople();
  const data = useMemo(() => personOptions(people.data, value), [people.data, value]);
  return (
    <Select
      label="Person"
      placeholder={people.isPending ? 'Wird geladen …' : 'Alle'}
      data={data}
      value={value || null}
      onChange={(id) => onChange(id ?? '')}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Person zurücksetzen' }}
      nothingFoundMessage="Niemand gefunden"
      leftSection={<IconUser size={16} stroke={1.7} />}
      maxDropdownHeight={280}
      comboboxProps={{ shadow: 'md' }}
      w={{ base: '100%', xs: 240 }}
    />
  );
}
