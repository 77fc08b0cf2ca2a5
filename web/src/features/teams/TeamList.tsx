import { useMemo, useState } from 'react';
import { Card, Text } from '@mantine/core';
import { QueryError } from '../../ui/QueryError.tsx';
import { SortableTable, type Column } from '../../ui/SortableTable.tsx';
import { useTeams, type Team } from './teams.api.ts';

/** Admin passes every check whatever its list holds (spec 1 §6). */
function permissionSummary(t: Team): string {
  if (t.name === 'Admin') return 'Alle Berechtigungen';
  const n = t.permissions?.length ?? 0;
  if (n === 0) return 'Keine Berechtigungen';
  return n === 1 ? '1 Berechtigung' : `${n} Berechtigungen`;
}

const COLUMNS: Column<Team>[] = [
  {
    key: 'label',
    label: 'Benutzergruppe',
    sortable: true,
    width: '26%',
    render: (t) => (
      <Text size="sm" fw={500}>
        {t.label}
      </Text>
    ),
  },
  { key: 'count', label: 'Anzahl', sortable: true, align: 'right', width: 100, render: (t) => t.count.toLocaleString('de-DE') },
  {
    key: 'rights',
    label: 'Rechte',
    render: (t) => (
      <div>
        {t.rights && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {t.rights}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {permissionSummary(t)}
        </Text>
      </div>
    ),
  },
];

/** Client-side order of the (few) groups; '' keeps the groups' own sorting index. */
function sortTeams(teams: Team[], sort: string): Team[] {
  if (!sort) return teams;
  const desc = sort.startsWith('-');
  const field = desc ? sort.slice(1) : sort;
  const sorted = [...teams].sort((a, b) =>
    field === 'count' ? a.count - b.count : a.label.localeCompare(b.label, 'de', { sensitivity: 'base' }),
  );
  return desc ? sorted.reverse() : sorted;
}

/** Settings section 'Benutzergruppen': label, member count, rights. */
export function TeamList() {
  const teams = useTeams();
  const [sort, setSort] = useState('');
  const rows = useMemo(() => (teams.data ? sortTeams(teams.data, sort) : undefined), [teams.data, sort]);
  return (
    <Card padding={0}>
      <QueryError error={teams.error} />
      <SortableTable
        label="Benutzergruppen"
        columns={COLUMNS}
        rows={rows}
        rowKey={(t) => t.id}
        sort={sort}
        onSortChange={setSort}
        loading={teams.isPending}
        skeletonRows={6}
        emptyText="Keine Benutzergruppen vorhanden"
      />
    </Card>
  );
}
