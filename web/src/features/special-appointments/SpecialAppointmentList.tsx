import { useState } from 'react';
import { Box, Button, Card, Input, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { query } from '../../api/client.ts';
import { useCan } from '../../app/current-user.tsx';
import { confirmDelete } from '../../ui/confirm-delete.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { countLabel, ListToolbar } from '../../ui/ListToolbar.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { RowActions } from '../../ui/RowActions.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { SettingsPagination } from '../../ui/SettingsPagination.tsx';
import { SortableTable, type Column } from '../../ui/SortableTable.tsx';
import { pageCount, useListState } from '../../ui/useListState.ts';
import { SpecialAppointmentFormModal } from './SpecialAppointmentFormModal.tsx';
import { useDeleteSpecialAppointment, useSpecialAppointmentList, type SpecialAppointment } from './special-appointments.api.ts';

/** Debounce of this list's search (spec 3 §9). */
const SEARCH_DEBOUNCE_MS = 200;

const COLUMNS: Column<SpecialAppointment>[] = [
  {
    key: 'info',
    label: 'Titel',
    sortable: true,
    render: (a) => (
      <Text size="sm" fw={500}>
        {a.info}
      </Text>
    ),
  },
  { key: 'date', label: 'Von', sortable: true, nowrap: true, width: 120, render: (a) => a.dateFormated },
  { key: 'endDate', label: 'Bis', sortable: true, nowrap: true, width: 120, render: (a) => a.endDateFormated },
  {
    key: 'locations',
    label: 'Standorte',
    render: (a) =>
      a.locations.length === 0 ? (
        <Text size="sm" c="dimmed">
          {a.locationLabels}
        </Text>
      ) : (
        a.locationLabels
      ),
  },
];

type Period = 'current' | 'old';

/** Settings section 'Sondertermine': current or old ones, search, sort, pages, new/edit, delete, export. */
export function SpecialAppointmentList() {
  const can = useCan();
  const { search, setSearch, term, sort, setSort, page, setPage } = useListState({ debounceMs: SEARCH_DEBOUNCE_MS });
  const [period, setPeriod] = useState<Period>('current');
  const old = period === 'old';
  const list = useSpecialAppointmentList(page - 1, old, term, sort);
  const remove = useDeleteSpecialAppointment();
  const [modal, setModal] = useState<{ appointment: SpecialAppointment | null } | null>(null);
  const count = list.data?.count;

  const mayEdit = can('einstellungen_sondertermine_bearbeiten');
  const mayDelete = can('einstellungen_sondertermine_l_schen');
  const columns: Column<SpecialAppointment>[] =
    mayEdit || mayDelete
      ? [
          ...COLUMNS,
          {
            key: 'actions',
            label: 'Aktionen',
            align: 'right',
            width: 96,
            render: (a) => (
              <RowActions
                name={a.info}
                onEdit={mayEdit ? () => setModal({ appointment: a }) : undefined}
                onDelete={mayDelete ? () => confirmDelete('Sondertermin', a.info, () => remove.mutateAsync(a.id)) : undefined}
              />
            ),
          },
        ]
      : COLUMNS;

  const emptyText = term
    ? 'Keine Sondertermine zu dieser Suche gefunden'
    : old
      ? 'Keine vergangenen Sondertermine vorhanden'
      : 'Keine aktuellen Sondertermine vorhanden';

  return (
    <Card padding={0}>
      <ListToolbar
        title="Sondertermine"
        filters={
          <>
            <Stack gap={4}>
              <Input.Label component="span" id="special-appointments-period">
                Zeitraum
              </Input.Label>
              <SegmentedControl
                aria-labelledby="special-appointments-period"
                value={period}
                onChange={(value) => {
                  setPeriod(value as Period);
                  setPage(1);
                }}
                data={[
                  { value: 'current', label: 'Aktuelle' },
                  { value: 'old', label: 'Alte' },
                ]}
              />
            </Stack>
            <SearchInput value={search} onChange={setSearch} placeholder="Titel" />
          </>
        }
        countText={countLabel(count, 'Sondertermin', 'Sondertermine')}
        actions={
          <>
            <ExportButton path={`/api/export-special-appointments${query({ search: term, oldList: old ? 1 : 0 })}`} />
            {can('einstellungen_sondertermine_erstellen') && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setModal({ appointment: null })}>
                Neuer Sondertermin
              </Button>
            )}
          </>
        }
      />
      <QueryError error={list.error} />
      <SortableTable
        label="Sondertermine"
        columns={columns}
        rows={list.data?.list}
        rowKey={(a) => a.id}
        sort={sort}
        onSortChange={setSort}
        loading={list.isPending}
        skeletonRows={6}
        emptyText={emptyText}
        minWidth={680}
      />
      <Box pb={pageCount(count) > 1 ? 'md' : 0}>
        <SettingsPagination total={pageCount(count)} value={page} onChange={setPage} />
      </Box>
      <SpecialAppointmentFormModal
        key={modal ? (modal.appointment?.id ?? 'new') : 'closed'}
        opened={modal !== null}
        appointment={modal?.appointment ?? null}
        onClose={() => setModal(null)}
        onSaved={() => setPage(1)}
      />
    </Card>
  );
}
