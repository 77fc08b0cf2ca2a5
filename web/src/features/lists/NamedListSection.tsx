import { useMemo, useState } from 'react';
import { Badge, Box, Button, Card, ColorSwatch, Group, Text, Tooltip } from '@mantine/core';
import { IconLock, IconPlus } from '@tabler/icons-react';
import { useCan } from '../../app/current-user.tsx';
import { confirmDelete } from '../../ui/confirm-delete.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { countLabel, ListToolbar } from '../../ui/ListToolbar.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { RowActions } from '../../ui/RowActions.tsx';
import { SettingsPagination } from '../../ui/SettingsPagination.tsx';
import { SortableTable, type Column } from '../../ui/SortableTable.tsx';
import { pageCount, SETTINGS_PAGE_SIZE, useListState } from '../../ui/useListState.ts';
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
  const can = useCan();
  const { sort, setSort, page, setPage } = useListState();
  const list = useNamedList(config, sort);
  const remove = useDeleteNamedEntry(config);
  const [modal, setModal] = useState<{ entry: NamedEntry | null } | null>(null);

  const mayEdit = can(config.permissions.edit);
  const mayDelete = can(config.permissions.delete);
  const count = list.data?.length;
  const rows = useMemo(() => list.data?.slice((page - 1) * SETTINGS_PAGE_SIZE, page * SETTINGS_PAGE_SIZE), [list.data, page]);

  // The last entry of the last page was deleted: show the page before.
  const pages = pageCount(count);
  if (count !== undefined && page > Math.max(1, pages)) setPage(Math.max(1, pages));

  const columns: Column<NamedEntry>[] = [nameColumn()];
  if (config.withColor) columns.push(COLOR_COLUMN);
  if (mayEdit || mayDelete) {
    columns.push({
      key: 'actions',
      label: 'Aktionen',
      align: 'right',
      width: 96,
      render: (e) =>
        e.editable === false ? null : (
          <RowActions
            name={e.name}
            onEdit={mayEdit ? () => setModal({ entry: e }) : undefined}
            onDelete={mayDelete ? () => confirmDelete(config.kind, e.name, () => remove.mutateAsync(e.id)) : undefined}
          />
        ),
    });
  }

  return (
    <Card padding={0}>
      <ListToolbar
        title={config.tableLabel}
        countText={countLabel(count, config.one, config.many)}
        actions={
          <>
            <ExportButton path={config.exportPath} />
            {can(config.permissions.create) && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setModal({ entry: null })}>
                {config.createLabel}
              </Button>
            )}
          </>
        }
      />
      <QueryError error={list.error} />
      <SortableTable
        label={config.tableLabel}
        columns={columns}
        rows={rows}
        rowKey={(e) => e.id}
        sort={sort}
        onSortChange={setSort}
        loading={list.isPending}
        skeletonRows={4}
        emptyText={config.emptyText}
        minWidth={420}
      />
      <Box pb={pages > 1 ? 'md' : 0}>
        <SettingsPagination total={pages} value={page} onChange={setPage} />
      </Box>
      <NamedEntryModal
        key={modal ? (modal.entry?.id ?? 'new') : 'closed'}
        config={config}
        opened={modal !== null}
        entry={modal?.entry ?? null}
        onClose={() => setModal(null)}
      />
    </Card>
  );
}
