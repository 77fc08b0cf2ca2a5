import { useState } from 'react';
import { Card, CloseButton, Group, Text, TextInput, ThemeIcon, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconMinus, IconSearch } from '@tabler/icons-react';
import { QueryError } from '../../ui/QueryError.tsx';
import { SettingsPagination } from '../../ui/SettingsPagination.tsx';
import { SortableTable, type Column } from '../../ui/SortableTable.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { useUserList, type UserListRow } from './users.api.ts';

/** Debounce of list searches (spec 1 §9). */
const SEARCH_DEBOUNCE_MS = 300;

/** An address that may break before the '@' when the table is narrow. */
function EmailText({ value }: { value: string }) {
  const at = value.indexOf('@');
  if (at <= 0) return value;
  return (
    <>
      {value.slice(0, at)}
      <wbr />
      {value.slice(at)}
    </>
  );
}

const COLUMNS: Column<UserListRow>[] = [
  {
    key: 'lastName',
    label: 'Nachname',
    sortable: true,
    render: (u) => (
      <Group gap="sm" wrap="nowrap">
        <UserAvatar uri={u.resourceUri} firstName={u.firstName} lastName={u.lastName} size={26} radius="xl" />
        <Text size="sm" fw={500}>
          {u.lastName}
        </Text>
      </Group>
    ),
  },
  { key: 'firstName', label: 'Vorname', sortable: true, render: (u) => u.firstName },
  { key: 'email', label: 'Benutzername', sortable: true, render: (u) => <EmailText value={u.email} /> },
  {
    key: 'personalNumber',
    // The soft hyphen lets the long header break ('Personal-nummer') instead of widening the table.
    label: 'Personal\u00ADnummer',
    sortable: true,
    nowrap: true,
    render: (u) => u.personalNumber ?? '–',
  },
  { key: 'location', label: 'Standort', sortable: true, render: (u) => u.locationLabel },
  { key: 'role', label: 'Benutzergruppe', sortable: true, render: (u) => u.roleLabel },
  {
    key: 'active',
    label: 'Aktiv',
    sortable: true,
    align: 'center',
    render: (u) =>
      u.active ? (
        <Tooltip label="Aktiv">
          <ThemeIcon color="teal" variant="light" size={22} radius="xl">
            <IconCheck size={14} aria-label="Aktiv" role="img" />
          </ThemeIcon>
        </Tooltip>
      ) : (
        <Tooltip label="Inaktiv">
          <ThemeIcon color="stone" variant="light" size={22} radius="xl">
            <IconMinus size={14} aria-label="Inaktiv" role="img" />
          </ThemeIcon>
        </Tooltip>
      ),
  },
];

/** Settings section 'Benutzer': searchable, sortable, paged list (6 per page). */
export function UserList() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState('');
  const [page, setPage] = useState(1);
  const list = useUserList(page - 1, debounced, sort);
  const [lastSearch, setLastSearch] = useState(debounced);

  // A new search term starts at the first page.
  if (lastSearch !== debounced) {
    setLastSearch(debounced);
    setPage(1);
  }

  const count = list.data?.count;
  return (
    <Card padding={0}>
      <Group justify="space-between" p="md" gap="sm" wrap="wrap">
        <TextInput
          label="Suche"
          placeholder="Name, Benutzername, Personalnr."
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          rightSection={search ? <CloseButton size="sm" aria-label="Suchbegriff löschen" onClick={() => setSearch('')} /> : null}
          w={{ base: '100%', xs: 340 }}
        />
        <Text size="sm" c="dimmed" aria-live="polite" style={{ alignSelf: 'flex-end' }}>
          {count === undefined ? '' : count === 1 ? '1 Benutzer' : `${count.toLocaleString('de-DE')} Benutzer`}
        </Text>
      </Group>
      <QueryError error={list.error} />
      <SortableTable
        label="Benutzer"
        columns={COLUMNS}
        rows={list.data?.users}
        rowKey={(u) => u.id}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(1);
        }}
        loading={list.isPending}
        skeletonRows={6}
        emptyText={debounced ? 'Keine Benutzer zu dieser Suche gefunden' : 'Keine Benutzer vorhanden'}
        minWidth={900}
      />
      <Group justify="center" pb="md">
        <SettingsPagination total={list.data?.pn ?? 0} value={page} onChange={setPage} />
      </Group>
    </Card>
  );
}
