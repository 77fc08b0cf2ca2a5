import { useMemo } from 'react';
import { Select } from '@mantine/core';
import { IconMapPin, IconUsersGroup } from '@tabler/icons-react';
import { useLocationOptions, useTeams } from '../../shell-api/lookups.ts';
import { ALL, type TaskFilter } from './tasks.api.ts';

export interface TaskFiltersProps {
  value: TaskFilter;
  onChange: (value: TaskFilter) => void;
  /** Held to the own location and group (only Admin, Verwaltung and Personalleitung choose). */
  locked: boolean;
}

/** Standort and Team of the own-tasks list, each with 'Alle'. */
export function TaskFilters({ value, onChange, locked }: TaskFiltersProps) {
  const locations = useLocationOptions();
  const teams = useTeams();
  const lockedHint = locked ? 'Festgelegt auf Ihren Standort und Ihr Team' : undefined;

  const locationData = useMemo(
    () => [{ value: ALL, label: 'Alle' }, ...(locations.data ?? []).map((l) => ({ value: l.id, label: l.label }))],
    [locations.data],
  );
  const teamData = useMemo(() => [{ value: ALL, label: 'Alle' }, ...(teams.data ?? []).map((t) => ({ value: t.name, label: t.label }))], [teams.data]);

  return (
    <>
      <Select
        label="Standort"
        data={locationData}
        value={value.location}
        onChange={(location) => onChange({ ...value, location: location ?? ALL })}
        disabled={locked}
        title={lockedHint}
        leftSection={<IconMapPin size={16} stroke={1.7} />}
        allowDeselect={false}
        searchable
        nothingFoundMessage="Kein Standort gefunden"
        w={{ base: '100%', xs: 220 }}
      />
      <Select
        label="Team"
        data={teamData}
        value={value.team}
        onChange={(team) => onChange({ ...value, team: team ?? ALL })}
        disabled={locked}
        title={lockedHint}
        leftSection={<IconUsersGroup size={16} stroke={1.7} />}
        allowDeselect={false}
        searchable
        nothingFoundMessage="Kein Team gefunden"
        w={{ base: '100%', xs: 220 }}
      />
    </>
  );
}
