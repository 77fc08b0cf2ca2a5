import { useMemo, useState } from 'react';
import { ActionIcon, Anchor, Button, Card, Group, Text } from '@mantine/core';
import { IconEye, IconPencil, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ADMIN_ROLE } from '@filialportal/core/roles';
import { countOf } from '@filialportal/core/plural';
import { useCan } from '../../shell-api/current-user.tsx';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { SortableTable, type Column } from '../../ui/SortableTable.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { NEW_TEAM_PATH, teamEditPath } from './paths.ts';
import { useTeams, type Team } from '../../shell-api/lookups.ts';

/** Admin passes every check whatever its list holds (spec 1 §6). */
function permissionSummary(t: Team): string {
  if (t.name === ADMIN_ROLE) return 'Alle Berechtigungen';
  const n = t.permissions?.length ?? 0;
  if (n === 0) return 'Keine Berechtigungen';
  return countOf(n, 'Berechtigung', 'Berechtigungen');
}

const COLUMNS: Column<Team>[] = [
  {
    key: 'label',
    label: 'Bezeichnung',
    sortable: true,
    width: '26%',
    render: (t) => (
      <Anchor component={Link} to={teamEditPath(t.id)} size="sm" fw={500} c="inherit">
        {t.label}
      </Anchor>
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

/** The edit (or, without the right, view) icon of a row. */
function actionColumn(mayEdit: boolean): Column<Team> {
  return {
    key: 'actions',
    label: 'Aktionen',
    align: 'right',
    width: 90,
    render: (t) => {
      const edit = mayEdit && t.name !== ADMIN_ROLE;
      return (
        <Group justify="flex-end">
          <Tooltip label={edit ? 'Berechtigungen bearbeiten' : 'Ansehen'}>
            <ActionIcon
              component={Link}
              to={teamEditPath(t.id)}
              variant="subtle"
              color="stone.8"
              // The row names the group; repeating it here would make the cell match the label.
              aria-label={edit ? 'Bearbeiten' : 'Ansehen'}
            >
              {edit ? <IconPencil size={18} /> : <IconEye size={18} />}
            </ActionIcon>
          </Tooltip>
        </Group>
      );
    },
  };
}

/** Settings section 'Benutzergruppen': label, member count, rights; editing opens the permission editor. */
export function TeamList() {
  const can = useCan();
  const teams = useTeams();
  const [sort, setSort] = useState('');
  const rows = useMemo(() => (teams.data ? sortTeams(teams.data, sort) : undefined), [teams.data, sort]);
  const mayEdit = can('einstellungen_benutzergruppen_bearbeiten');
  const columns = useMemo(() => [...COLUMNS, actionColumn(mayEdit)], [mayEdit]);
  const count = teams.data?.length;
  return (
    <Card padding={0}>
      <Group justify="space-between" align="center" p="md" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {count === undefined ? '' : countOf(count, 'Benutzergruppe', 'Benutzergruppen')}
        </Text>
        <Group gap="sm">
          <ExportButton path="/api/export-teams" />
          {mayEdit && (
            <Button component={Link} to={NEW_TEAM_PATH} leftSection={<IconPlus size={16} />}>
              Neue Benutzergruppe
            </Button>
          )}
        </Group>
      </Group>
      <QueryError error={teams.error} />
      <SortableTable
        label="Benutzergruppen"
        columns={columns}
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
