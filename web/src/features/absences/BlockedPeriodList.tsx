import { useState } from 'react';
import { Input, SegmentedControl, Stack, Text } from '@mantine/core';
import { CrudList } from '../../ui/CrudList.tsx';
import type { Column } from '../../ui/SortableTable.tsx';
import { useListParams } from '../../ui/useListParams.ts';
import { BlockedPeriodFormModal } from './BlockedPeriodFormModal.tsx';
import { useBlockedPeriods, useDeleteBlockedPeriod, type BlockedPeriod } from './blocked-periods.api.ts';

const MANAGE = { anyOf: ['urlaub_von_allen_sehen_und_bearbeiten', 'urlaub_von_allen_untergeordneten_gruppen_sehen_und_bearbeiten', 'urlaub_von_untergeordneten_aus_eigener_filiale_sehen_und_bearbeiten'] } as const;

const COLUMNS: Column<BlockedPeriod>[] = [
  { key: 'reason', label: 'Grund', render: (p) => <Text size="sm" fw={500}>{p.reason}</Text> },
  { key: 'startDate', label: 'Von', nowrap: true, width: 120, render: (p) => p.startDateFormated },
  { key: 'endDate', label: 'Bis', nowrap: true, width: 120, render: (p) => p.endDateFormated },
  { key: 'location', label: 'Standort', render: (p) => (p.locationId ? p.locationLabel : <Text size="sm" c="dimmed">{p.locationLabel}</Text>) },
];

/**
 * Settings section 'Urlaubssperren': periods in which no vacation may be requested, for a location
 * or the whole company. HR sets them everywhere, a location's management for its own location.
 */
export function BlockedPeriodList() {
  const params = useListParams();
  const [past, setPast] = useState(false);
  const list = useBlockedPeriods(params.page - 1, past);
  const remove = useDeleteBlockedPeriod();
  return (
    <CrudList
      title="Urlaubssperren"
      noun={['Urlaubssperre', 'Urlaubssperren']}
      list={params}
      query={list}
      rows={list.data?.blockedPeriods}
      count={list.data?.count}
      columns={COLUMNS}
      rowName={(p) => p.reason}
      emptyText={past ? 'Keine vergangenen Urlaubssperren' : 'Keine aktuellen oder kommenden Urlaubssperren'}
      minWidth={620}
      filters={
        <Stack gap={4}>
          <Input.Label component="span" id="blocked-periods-period">
            Zeitraum
          </Input.Label>
          <SegmentedControl
            aria-labelledby="blocked-periods-period"
            value={past ? 'past' : 'current'}
            onChange={(v) => {
              setPast(v === 'past');
              params.setPage(1);
            }}
            data={[
              { value: 'current', label: 'Aktuelle und kommende' },
              { value: 'past', label: 'Vergangene' },
            ]}
          />
        </Stack>
      }
      create={{ label: 'Neue Urlaubssperre', permission: MANAGE }}
      edit={MANAGE}
      remove={{ permission: MANAGE, kind: 'Urlaubssperre', run: (p) => remove.mutateAsync(p.id) }}
      fixed={(p) => !p.canEdit}
      form={({ entry, ...modal }) => <BlockedPeriodFormModal {...modal} entry={entry} />}
    />
  );
}
