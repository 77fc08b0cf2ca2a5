import { useMemo } from 'react';
import { Select } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { MSG } from '@filialportal/core/messages';
import { useLocationOptions } from '../shell-api/lookups.ts';

/** The segment of 'Alle' in list paths (ARCHITECTURE §3). */
export const ALL_LOCATIONS = 'all';

export interface LocationSelectProps {
  /** A location id or 'all'. */
  value: string;
  onChange: (location: string) => void;
  label?: string;
  /** Offer 'Alle' in front (default); views of one location at a time leave it out. */
  withAll?: boolean;
  /** Only these locations (a person's claim locations); all when absent. */
  only?: readonly string[];
  readOnly?: boolean;
  required?: boolean;
  /** Take the width of its column (in a form grid) instead of 220 px. */
  fullWidth?: boolean;
}

/**
 * The choices of a location select: 'Alle' in front unless left out, the locations (or only some),
 * and a chosen id that no location has as 'Unbekannt' (spec 2 §8) – once the list is there.
 */
export function locationOptions(locations: readonly { id: string; label: string }[] | undefined, opts: { value: string; withAll: boolean; only?: readonly string[] }) {
  const data = [
    ...(opts.withAll ? [{ value: ALL_LOCATIONS, label: 'Alle' }] : []),
    ...(locations ?? []).filter((l) => !opts.only || opts.only.includes(l.id)).map((l) => ({ value: l.id, label: l.label })),
  ];
  if (locations === undefined || opts.value === '' || data.some((d) => d.value === opts.value)) return data;
  // Chosen but outside `only` (a claim's fixed location): its name; gone: 'Unbekannt'.
  return [...data, { value: opts.value, label: locations.find((l) => l.id === opts.value)?.label ?? MSG.unknownLocation }];
}

/** 'Ort wechseln': every location, with 'Alle' in front unless `withAll` is false. */
export function LocationSelect({ value, onChange, label = 'Ort wechseln', withAll = true, only, readOnly, required, fullWidth }: LocationSelectProps) {
  const locations = useLocationOptions();
  const data = useMemo(() => locationOptions(locations.data, { value, withAll, only }), [locations.data, value, withAll, only]);
  return (
    <Select
      label={label}
      data={data}
      value={value}
      onChange={(next) => onChange(next ?? ALL_LOCATIONS)}
      allowDeselect={false}
      readOnly={readOnly}
      required={required}
      placeholder="Filiale wählen"
      searchable
      nothingFoundMessage="Kein Standort gefunden"
      leftSection={<IconMapPin size={16} stroke={1.7} />}
      comboboxProps={{ shadow: 'md' }}
      w={fullWidth ? '100%' : { base: '100%', xs: 220 }}
    />
  );
}
