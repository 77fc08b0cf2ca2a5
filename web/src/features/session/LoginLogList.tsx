import { Badge, Text } from '@mantine/core';
import { SIGN_IN_METHOD_LABEL, type SignInMethod } from '@filialportal/core/session';
import { query } from '../../api/client.ts';
import { CrudList } from '../../ui/CrudList.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import type { Column } from '../../ui/SortableTable.tsx';
import { useListParams } from '../../ui/useListParams.ts';
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
  { key: 'method', label: 'Methode', render: (l) => SIGN_IN_METHOD_LABEL[l.method as SignInMethod] ?? l.method },
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
  const params = useListParams({ debounceMs: SEARCH_DEBOUNCE_MS });
  const { term } = params;
  const list = useLoginLog(params.page - 1, term, params.sort);
  return (
    <CrudList
      title="Login-Verlauf"
      noun={['Anmeldung', 'Anmeldungen']}
      list={params}
      query={list}
      rows={list.data?.list}
      count={list.data?.count}
      more={list.data?.more}
      columns={COLUMNS}
      emptyText={term ? 'Keine Anmeldungen zu dieser Suche gefunden' : 'Keine Anmeldungen vorhanden'}
      minWidth={760}
      filters={<SearchInput value={params.search} onChange={params.setSearch} placeholder="Benutzername, IP-Adresse, Ort" />}
      exportPath={`/api/export-login-logs${query({ search: term })}`}
    />
  );
}
