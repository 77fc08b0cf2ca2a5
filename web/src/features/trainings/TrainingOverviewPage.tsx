import { useState } from 'react';
import { Card, Group, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ZTrainingOverviewResponse } from '@filialportal/core/trainings';
import type { Wire } from '@filialportal/core/wire';
import { api, query } from '../../api/client.ts';
import { useCurrentUser } from '../../shell-api/current-user.tsx';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { LocationSelect } from '../../ui/LocationSelect.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { SortableTable, type Column } from '../../ui/SortableTable.tsx';
import { YearInput } from '../../ui/YearInput.tsx';

type Row = Wire<typeof ZTrainingOverviewResponse>['trainings'][number];

/**
 * 'Veranstaltungen Übersicht' (training view 3, spec 3 §2): the trainings of a year with the
 * confirmed participants of a location ('Alle': everyone), a name search, sortable columns and
 * one 'Teilnehmer' column per participant slot; 'Übersicht Export XLSX' takes the same filter.
 */
export function TrainingOverviewPage() {
  const user = useCurrentUser();
  const [location, setLocation] = useState<string>(user.selectedLocation ?? user.currentLocation?.id ?? user.location?.id ?? 'all');
  const [year, setYear] = useState('');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState('');
  const params = { year: year || undefined, search: term || undefined, sort: sort || undefined };
  const list = useQuery({
    queryKey: ['trainings', 'overview', location, params],
    queryFn: ({ signal }) => api<Wire<typeof ZTrainingOverviewResponse>>(`/api/trainingoverview/${location}${query(params)}`, { signal }),
  });
  const rows = list.data?.trainings;
  const slots = Math.max(1, ...(rows ?? []).map((r) => r.users.length));
  const columns: Column<Row>[] = [
    { key: 'title', label: 'Titel', sortable: true, render: (r) => r.title },
    { key: 'date', label: 'Datum', sortable: true, nowrap: true, render: (r) => r.dateFormated },
    { key: 'time', label: 'Uhrzeit', sortable: true, nowrap: true, render: (r) => `${r.time} Uhr` },
    ...Array.from({ length: slots }, (_, i): Column<Row> => ({ key: `p${i}`, label: `Teilnehmer ${i + 1}`, nowrap: true, render: (r) => r.users[i]?.viewName ?? '' })),
  ];
  return (
    <>
      <PageHeader title="Veranstaltungen Übersicht" breadcrumbs={[{ label: 'Veranstaltungen', to: '/veranstaltungen' }, { label: 'Übersicht' }]} />
      <Card withBorder radius="md" padding="md" mb="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <LocationSelect value={location} onChange={setLocation} label="Standort" />
          <YearInput value={year} onChange={setYear} />
          <SearchInput value={search} onChange={setSearch} label="Mitarbeiter" placeholder="Name suchen" width={240} />
          <ExportButton path={`/api/exporttrainingoverview/${location}${query({ year: year || 0, search: term || undefined, sort: sort || undefined })}`} label="Übersicht Export XLSX" />
        </Group>
      </Card>
      {list.error && <QueryError error={list.error} />}
      <Stack>
        <Card withBorder radius="md" padding={0}>
          <SortableTable label="Veranstaltungen Übersicht" columns={columns} rows={rows} rowKey={(r) => r.id} sort={sort} onSortChange={setSort} loading={list.isPending} emptyText="Keine Veranstaltungen vorhanden" />
        </Card>
      </Stack>
    </>
  );
}
