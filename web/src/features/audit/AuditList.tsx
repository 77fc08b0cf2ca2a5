import { useMemo } from 'react';
import { Badge, Card, Select, Text } from '@mantine/core';
import { IconCategory } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_ENTITY_KEYS, type AuditAction } from '@filialportal/core/audit';
import { formatDateTime } from '@filialportal/core/berlin-time';
import { DateField } from '../../ui/DateField.tsx';
import { setQuery } from '../../ui/edit-query.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { countLabel, ListToolbar } from '../../ui/ListToolbar.tsx';
import { LoadMoreButton } from '../../ui/LoadMoreButton.tsx';
import { PhoneFilters } from '../../ui/PhoneFilters.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { SortableTable, type Column } from '../../ui/SortableTable.tsx';
import { auditExportPath, useAuditList, type AuditRow } from './audit.api.ts';
import { AUDIT_PARAMS, auditFiltersOf, setFilterCount, type AuditFilters } from './audit-filters.ts';
import { AuditChanges } from './AuditChanges.tsx';
import { PersonFilter } from './PersonFilter.tsx';

/** Below this width of the list the rows become cards. */
const TABLE_MIN_WIDTH = 1000;

const ACTION_COLORS: Record<AuditAction, string> = {
  create: 'teal',
  update: 'blue',
  delete: 'red',
  decide: 'grape',
  read: 'gray',
  export: 'gray',
  erase: 'red',
  expire: 'orange',
};

const ENTITY_OPTIONS = AUDIT_ENTITY_KEYS.map((key) => ({ value: key, label: AUDIT_ENTITIES[key] }));

const dimmedDash = (
  <Text span size="sm" c="dimmed">
    –
  </Text>
);

const COLUMNS: Column<AuditRow>[] = [
  { key: 'at', label: 'Zeitpunkt', nowrap: true, width: 140, card: 'title', render: (e) => <Text size="sm" fw={500}>{formatDateTime(e.at)}</Text> },
  { key: 'actor', label: 'Person', width: 150, render: (e) => <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{e.actorName}</Text> },
  { key: 'ip', label: 'IP-Adresse', nowrap: true, width: 120, render: (e) => (e.ip ? <Text size="sm" ff="monospace">{e.ip}</Text> : dimmedDash) },
  { key: 'entity', label: 'Bereich', width: 130, render: (e) => <Text size="sm">{AUDIT_ENTITIES[e.entity]}</Text> },
  {
    key: 'action',
    label: 'Aktion',
    width: 110,
    card: 'badge',
    render: (e) => (
      <Badge color={ACTION_COLORS[e.action]} variant="light" tt="none">
        {AUDIT_ACTIONS[e.action]}
      </Badge>
    ),
  },
  { key: 'subject', label: 'Betrifft', width: 150, render: (e) => (e.subjectName ? <Text size="sm">{e.subjectName}</Text> : dimmedDash) },
  { key: 'changes', label: 'Änderungen', render: (e) => <AuditChanges entry={e} /> },
];

/** The filters above the list: person, Bereich and the days from and to. */
function Filters({ filters, onChange }: { filters: AuditFilters; onChange: (changes: Partial<AuditFilters>) => void }) {
  return (
    <PhoneFilters active={setFilterCount(filters)}>
      <PersonFilter value={filters.actor} onChange={(actor) => onChange({ actor })} />
      <Select
        label="Bereich"
        placeholder="Alle"
        data={ENTITY_OPTIONS}
        value={filters.entity || null}
        onChange={(entity) => onChange({ entity: (entity ?? '') as AuditFilters['entity'] })}
        clearable
        clearButtonProps={{ 'aria-label': 'Bereich zurücksetzen' }}
        leftSection={<IconCategory size={16} stroke={1.7} />}
        comboboxProps={{ shadow: 'md' }}
        w={{ base: '100%', xs: 200 }}
      />
      <DateField
        label="Von"
        value={filters.since || null}
        onChange={(since) => onChange({ since: since ?? '' })}
        maxDate={filters.until || undefined}
        clearable
        w={{ base: '100%', xs: 160 }}
      />
      <DateField
        label="Bis"
        value={filters.until || null}
        onChange={(until) => onChange({ until: until ?? '' })}
        minDate={filters.since || undefined}
        clearable
        w={{ base: '100%', xs: 160 }}
      />
    </PhoneFilters>
  );
}

/**
 * Settings section 'Protokoll' (Admin): who changed what and who read health data, newest first;
 * filters kept in the address, 50 entries a step ('Weitere laden'), the export of the same filters.
 */
export function AuditList() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => auditFiltersOf(params), [params]);
  const list = useAuditList(filters);
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.list) ?? [], [list.data]);
  const more = list.hasNextPage;

  const update = (changes: Partial<AuditFilters>) =>
    setQuery(setParams, Object.fromEntries(Object.entries(changes).map(([key, value]) => [AUDIT_PARAMS[key as keyof AuditFilters], value])));

  const failed = !!list.error && rows.length === 0;
  const count = list.data ? countLabel(rows.length, 'Eintrag', 'Einträge') : undefined;
  return (
    <Card padding={0}>
      <ListToolbar
        title="Protokoll"
        countText={count && more ? `mehr als ${count}` : count}
        actions={<ExportButton path={auditExportPath(filters)} fileName="Protokoll.xlsx" />}
        filters={<Filters filters={filters} onChange={update} />}
      />
      <QueryError error={list.error} />
      {!failed && (
        <SortableTable
          label="Protokoll"
          columns={COLUMNS}
          rows={rows}
          rowKey={(e) => e.id}
          loading={list.isPending}
          skeletonRows={8}
          emptyText="Keine Einträge zu diesen Filtern"
          minWidth={TABLE_MIN_WIDTH}
          cards
        />
      )}
      <LoadMoreButton shown={rows.length} count={null} more={more} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} label="Weitere laden" />
    </Card>
  );
}
