import { useState } from 'react';
import { Input, SegmentedControl, Stack, Text } from '@mantine/core';
import { query } from '../../api/client.ts';
import { CrudList } from '../../ui/CrudList.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import type { Column } from '../../ui/SortableTable.tsx';
import { useListParams } from '../../ui/useListParams.ts';
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
  const params = useListParams({ debounceMs: SEARCH_DEBOUNCE_MS });
  const { term, setPage } = params;
  const [period, setPeriod] = useState<Period>('current');
  const old = period === 'old';
  const list = useSpecialAppointmentList(params.page - 1, old, term, params.sort);
  const remove = useDeleteSpecialAppointment();

  const emptyText = term
    ? 'Keine Sondertermine zu dieser Suche gefunden'
    : old
      ? 'Keine vergangenen Sondertermine vorhanden'
      : 'Keine aktuellen Sondertermine vorhanden';

  return (
    <CrudList
      title="Sondertermine"
      noun={['Sondertermin', 'Sondertermine']}
      list={params}
      query={list}
      rows={list.data?.list}
      count={list.data?.count}
      columns={COLUMNS}
      rowName={(a) => a.info}
      emptyText={emptyText}
      minWidth={680}
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
          <SearchInput value={params.search} onChange={params.setSearch} placeholder="Titel" />
        </>
      }
      exportPath={`/api/export-special-appointments${query({ search: term, oldList: old ? 1 : 0 })}`}
      create={{ label: 'Neuer Sondertermin', permission: 'einstellungen_sondertermine_erstellen' }}
      edit="einstellungen_sondertermine_bearbeiten"
      remove={{ permission: 'einstellungen_sondertermine_l_schen', kind: 'Sondertermin', run: (a) => remove.mutateAsync(a.id) }}
      form={({ entry, ...modal }) => <SpecialAppointmentFormModal {...modal} appointment={entry} onSaved={() => setPage(1)} />}
    />
  );
}
