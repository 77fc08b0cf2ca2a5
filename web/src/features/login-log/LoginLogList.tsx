import { Badge, Box, Card, Text } from '@mantine/core';
import { query } from '../../api/client.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { countLabel, ListToolbar } from '../../ui/ListToolbar.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { SettingsPagination } from '../../ui/SettingsPagination.tsx';
import { SortableTable, type Column } from '../../ui/SortableTable.tsx';
import { pageCount, useListState } from '../../ui/useListState.ts';
import { useLoginLog, type LoginLogEntry } from './login-log.api.ts';

/** Debounce of this list's search (spec 3 §9). */
const SEARCH_DEBOUNCE_MS = 200;

const dash = (value: string) =>
  value || (
    <Text span size="sm" c="dimmed">
      –
    </Text>
  );

const COLUMNS: Column<LoginLogEntry>[] = [
  { key: 'date', label: 'Datum', sortable: true, nowrap: true, width: 112, render: (l) => l.date },
  { key: 'time', label: 'Uhrzeit', nowrap: true, width: 84, render: (l) => l.time },
  {
    key: 'userName',
    label: 'Benutzername',
    sortable: true,
    render: (l) => (
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {l.userName}
      </Text>
    ),
  },
  {
    key: 'ip',
    label: 'IP-Adresse',
    sortable: true,
    nowrap: true,
    render: (l) => (
      <Text size="sm" ff="monospace">
        {l.ip}
      </Text>
    ),
  },
  { key: 'city', label: 'Ort', sortable: true, render: (l) => dash(l.city) },
  { key: 'country', label: 'Land', sortable: true, render: (l) => dash(l.country) },
  {
    key: 'success',
    label: 'Ergebnis',
    sortable: true,
    width: 130,
    render: (l) =>
      l.success ? (
        <Badge color="teal" variant="light" tt="none">
          erfolgreich
        </Badge>
      ) : (
        <Badge color="red" variant="light" tt="none">
          fehlgeschlagen
        </Badge>
      ),
  },
];

/** Settings section 'Login-Verlauf': every login attempt, newest first; search, sort, pages, export. */
export function LoginLogList() {
  const { search, setSearch, term, sort, setSort, page, setPage } = useListState({ debounceMs: SEARCH_DEBOUNCE_MS });
  const list = useLoginLog(page - 1, term, sort);
  const count = list.data?.count;
  return (
    <Card padding={0}>
      <ListToolbar
        title="Login-Verlauf"
        filters={<SearchInput value={search} onChange={setSearch} placeholder="Benutzername, IP-Adresse, Ort" />}
        countText={countLabel(count, 'Anmeldung', 'Anmeldungen')}
        actions={<ExportButton path={`/api/export-login-logs${query({ search: term })}`} />}
      />
      <QueryError error={list.error} />
      <SortableTable
        label="Login-Verlauf"
        columns={COLUMNS}
        rows={list.data?.list}
        rowKey={(l) => l.id}
        sort={sort}
        onSortChange={setSort}
        loading={list.isPending}
        skeletonRows={6}
        emptyText={term ? 'Keine Anmeldungen zu dieser Suche gefunden' : 'Keine Anmeldungen vorhanden'}
        minWidth={760}
      />
      <Box pb={pageCount(count) > 1 ? 'md' : 0}>
        <SettingsPagination total={pageCount(count)} value={page} onChange={setPage} />
      </Box>
    </Card>
  );
}
