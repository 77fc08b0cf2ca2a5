import { useMemo } from 'react';
import { Select } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useLocationOptions } from '../features/users/users.api.ts';

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

/** 'Ort wechseln': every location, with 'Alle' in front unless `withAll` is false. */
export function LocationSelect({ value, onChange, label = 'Ort wechseln', withAll = true, only, readOnly, required, fullWidth }: LocationSelectProps) {
  const locations = useLocationOptions();
  const data = useMemo(
    () => [
      ...(withAll ? [{ value: ALL_LOCATIONS, label: 'Alle' }] : []),
      ...(locations.data ?? []).filter((l) => !only || only.includes(l.id)).map((l) => ({ value: l.id, label: l.label })),
    ],
    [locations.data, withAll, only],
  );
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
