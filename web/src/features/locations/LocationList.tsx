import { useState } from 'react';
import { Card, Group, Text } from '@mantine/core';
import { REGIONS } from '@filialportal/core/locations';
import { QueryError } from '../../ui/QueryError.tsx';
import { SettingsPagination } from '../../ui/SettingsPagination.tsx';
import { SortableTable, type Column } from '../../ui/SortableTable.tsx';
import { useLocationList, type Location } from './locations.api.ts';

/** Rows per page of the settings lists (spec 3 §9). */
const PAGE_SIZE = 6;

const regionLabel = (code: string) => REGIONS.find((r) => r.code === code)?.label ?? code;

/** The IP list, one address per line (the stored value is comma-separated). */
function IpList({ value }: { value: string | undefined }) {
  const ips = (value ?? '')
    .split(',')
    .map((ip) => ip.trim())
    .filter(Boolean);
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
      <Text size="sm" fw={500}>
        {l.name}
      </Text>
    ),
  },
  { key: 'shortName', label: 'Kürzel', sortable: true, render: (l) => l.shortName },
  { key: 'street', label: 'Straße', sortable: true, render: (l) => l.street },
  { key: 'zip', label: 'PLZ', sortable: true, render: (l) => l.zip },
  { key: 'city', label: 'Ort', sortable: true, render: (l) => l.city },
  { key: 'region', label: 'Bundesland', sortable: true, render: (l) => regionLabel(l.region) },
  { key: 'ip', label: 'IP-Adressen', render: (l) => <IpList value={l.ip} /> },
  { key: 'position', label: 'Position', sortable: true, align: 'right', render: (l) => l.position },
];

/** Settings section 'Standorte': sortable, paged (6 per page). */
export function LocationList() {
  const [sort, setSort] = useState('');
  const [page, setPage] = useState(1);
  const list = useLocationList(page - 1, sort);
  const count = list.data?.count;
  return (
    <Card padding={0}>
      <Group justify="flex-end" px="md" pt="md" pb="xs">
        <Text size="sm" c="dimmed">
          {count === undefined ? '' : count === 1 ? '1 Standort' : `${count.toLocaleString('de-DE')} Standorte`}
        </Text>
      </Group>
      <QueryError error={list.error} />
      <SortableTable
        label="Standorte"
        columns={COLUMNS}
        rows={list.data?.locations}
        rowKey={(l) => l.id}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(1);
        }}
        loading={list.isPending}
        skeletonRows={6}
        emptyText="Keine Standorte vorhanden"
        minWidth={960}
      />
      <Group justify="center" pb="md">
        <SettingsPagination total={Math.ceil((count ?? 0) / PAGE_SIZE)} value={page} onChange={setPage} />
      </Group>
    </Card>
  );
}
