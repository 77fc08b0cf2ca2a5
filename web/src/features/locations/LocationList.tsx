import { useState } from 'react';
import { Badge, Box, Button, Card, Group, Text, Tooltip } from '@mantine/core';
import { IconEyeOff, IconPlus } from '@tabler/icons-react';
import { parseIpList, REGIONS } from '@filialportal/core/locations';
import { useCan } from '../../app/current-user.tsx';
import { confirmDelete } from '../../ui/confirm-delete.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { countLabel, ListToolbar } from '../../ui/ListToolbar.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { RowActions } from '../../ui/RowActions.tsx';
import { SettingsPagination } from '../../ui/SettingsPagination.tsx';
import { SortableTable, type Column } from '../../ui/SortableTable.tsx';
import { pageCount, useListState } from '../../ui/useListState.ts';
import { LocationFormModal } from './LocationFormModal.tsx';
import { useDeleteLocation, useLocationList, type Location } from './locations.api.ts';

const regionLabel = (code: string) => REGIONS.find((r) => r.code === code)?.label ?? code;

/** The IP list, one address per line (the stored value is comma-separated). */
function IpList({ value }: { value: string | undefined }) {
  const ips = parseIpList(value);
  if (ips.length === 0)
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  return (
    <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-line' }}>
      {ips.join('\n')}
    </Text>
  );
}

const COLUMNS: Column<Location>[] = [
  {
    key: 'name',
    label: 'Name',
    sortable: true,
    render: (l) => (
      <Group gap={8} wrap="nowrap">
        <Text size="sm" fw={500}>
          {l.name}
        </Text>
        {l.shortName && (
          <Tooltip label="Kürzel">
            <Badge variant="light" color="stone" size="sm" radius="sm" style={{ flexShrink: 0 }}>
              {l.shortName}
            </Badge>
          </Tooltip>
        )}
        {l.hideInSortiment && (
          <Tooltip label="Im Sortiment ausgeblendet">
            <IconEyeOff size={16} stroke={1.7} color="var(--mantine-color-dimmed)" aria-label="Im Sortiment ausgeblendet" role="img" style={{ flexShrink: 0 }} />
          </Tooltip>
        )}
      </Group>
    ),
  },
  {
    key: 'street',
    label: 'Anschrift',
    sortable: true,
    render: (l) => (
      <div>
        <Text size="sm">{l.street}</Text>
        <Text size="sm" c="dimmed">
          {l.zip} {l.city}
        </Text>
      </div>
    ),
  },
  { key: 'region', label: 'Bundesland', sortable: true, render: (l) => regionLabel(l.region) },
  { key: 'ip', label: 'IP-Adressen', nowrap: true, render: (l) => <IpList value={l.ip} /> },
  { key: 'position', label: 'Position', sortable: true, align: 'right', width: 96, render: (l) => l.position },
];

/** Settings section 'Standorte': sortable, paged (6 per page), new/edit modal, delete, export. */
export function LocationList() {
  const can = useCan();
  const { sort, setSort, page, setPage } = useListState();
  const list = useLocationList(page - 1, sort);
  const remove = useDeleteLocation();
  const [modal, setModal] = useState<{ location: Location | null } | null>(null);
  const count = list.data?.count;

  const mayEdit = can('einstellungen_standorte_bearbeiten');
  const mayDelete = can('einstellungen_standorte_l_schen');
  const columns: Column<Location>[] =
    mayEdit || mayDelete
      ? [
          ...COLUMNS,
          {
            key: 'actions',
            label: 'Aktionen',
            align: 'right',
            width: 96,
            render: (l) => (
              <RowActions
                name={l.name}
                onEdit={mayEdit ? () => setModal({ location: l }) : undefined}
                onDelete={mayDelete ? () => confirmDelete('Standort', l.name, () => remove.mutateAsync(l.id)) : undefined}
              />
            ),
          },
        ]
      : COLUMNS;

  return (
    <Card padding={0}>
      <ListToolbar
        title="Standorte"
        countText={countLabel(count, 'Standort', 'Standorte')}
        actions={
          <>
            <ExportButton path="/api/export-locations" />
            {can('einstellungen_standorte_erstellen') && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setModal({ location: null })}>
                Neuer Standort
              </Button>
            )}
          </>
        }
      />
      <QueryError error={list.error} />
      <SortableTable
        label="Standorte"
        columns={columns}
        rows={list.data?.locations}
        rowKey={(l) => l.id}
        sort={sort}
        onSortChange={setSort}
        loading={list.isPending}
        skeletonRows={6}
        emptyText="Keine Standorte vorhanden"
        minWidth={720}
      />
      <Box pb={pageCount(count) > 1 ? 'md' : 0}>
        <SettingsPagination total={pageCount(count)} value={page} onChange={setPage} />
      </Box>
      <LocationFormModal
        key={modal ? (modal.location?.id ?? 'new') : 'closed'}
        opened={modal !== null}
        location={modal?.location ?? null}
        onClose={() => setModal(null)}
      />
    </Card>
  );
}
