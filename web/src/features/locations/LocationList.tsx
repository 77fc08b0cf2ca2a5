import { Badge, Group, Text } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { parseIpList, REGIONS } from '@filialportal/core/locations';
import { CrudList } from '../../ui/CrudList.tsx';
import type { Column } from '../../ui/SortableTable.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { useListParams } from '../../ui/useListParams.ts';
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
  const params = useListParams();
  const list = useLocationList(params.page - 1, params.sort);
  const remove = useDeleteLocation();
  return (
    <CrudList
      title="Standorte"
      noun={['Standort', 'Standorte']}
      list={params}
      query={list}
      rows={list.data?.locations}
      count={list.data?.count}
      columns={COLUMNS}
      rowName={(l) => l.name}
      emptyText="Keine Standorte vorhanden"
      minWidth={720}
      exportPath="/api/export-locations"
      create={{ label: 'Neuer Standort', permission: 'einstellungen_standorte_erstellen' }}
      edit="einstellungen_standorte_bearbeiten"
      remove={{ permission: 'einstellungen_standorte_l_schen', kind: 'Standort', run: (l) => remove.mutateAsync(l.id) }}
      form={({ entry, ...modal }) => <LocationFormModal {...modal} location={entry} />}
    />
  );
}
