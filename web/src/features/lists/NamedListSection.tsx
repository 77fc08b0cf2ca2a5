import { useMemo } from 'react';
import { Badge, ColorSwatch, Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { CrudList } from '../../ui/CrudList.tsx';
import type { Column } from '../../ui/SortableTable.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { SETTINGS_PAGE_SIZE, useListParams } from '../../ui/useListParams.ts';
import type { NamedListConfig } from './list-configs.ts';
import { useDeleteNamedEntry, useNamedList, type NamedEntry } from './lists.api.ts';
import { NamedEntryModal } from './NamedEntryModal.tsx';

function nameColumn(): Column<NamedEntry> {
  return {
    key: 'name',
    label: 'Name',
    sortable: true,
    render: (e) => (
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          {e.name}
        </Text>
        {e.editable === false && (
          <Tooltip label="Systemlabel: kann nicht geändert oder gelöscht werden">
            <Badge variant="light" color="stone" size="sm" leftSection={<IconLock size={11} />}>
              System
            </Badge>
          </Tooltip>
        )}
      </Group>
    ),
  };
}

const COLOR_COLUMN: Column<NamedEntry> = {
  key: 'hex',
  label: 'Farbe',
  width: 200,
  render: (e) => (
    <Group gap="sm" wrap="nowrap">
      <ColorSwatch color={e.hex ?? '#fff'} size={22} radius="sm" withShadow aria-hidden />
      <Text size="sm" ff="monospace" c="dimmed">
        {e.hex}
      </Text>
    </Group>
  ),
};

/**
 * One settings list of names (manufacturers, colour labels, statuses, the claim lists): sorted
 * by name on the server, 6 per page, new/edit modal, delete with confirmation, XLSX export.
 */
export function NamedListSection({ config }: { config: NamedListConfig }) {
  const params = useListParams();
  const list = useNamedList(config, params.sort);
  const remove = useDeleteNamedEntry(config);
  const { page } = params;
  const rows = useMemo(() => list.data?.slice((page - 1) * SETTINGS_PAGE_SIZE, page * SETTINGS_PAGE_SIZE), [list.data, page]);
  const columns = config.withColor ? [nameColumn(), COLOR_COLUMN] : [nameColumn()];

  return (
    <CrudList
      title={config.tableLabel}
      noun={[config.one, config.many]}
      list={params}
      query={list}
      rows={rows}
      count={list.data?.length}
      columns={columns}
      rowName={(e) => e.name}
      fixed={(e) => e.editable === false}
      skeletonRows={4}
      emptyText={config.emptyText}
      minWidth={420}
      exportPath={config.exportPath}
      create={{ label: config.createLabel, permission: config.permissions.create }}
      edit={config.permissions.edit}
      remove={{ permission: config.permissions.delete, kind: config.kind, run: (e) => remove.mutateAsync(e.id) }}
      form={(modal) => <NamedEntryModal {...modal} config={config} />}
    />
  );
}
