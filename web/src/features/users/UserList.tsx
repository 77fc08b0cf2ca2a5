import { ActionIcon, Anchor, Button, Card, Group, Switch, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconMinus, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { fullName } from '@filialportal/core/users';
import { useCan, useCurrentUser } from '../../shell-api/current-user.tsx';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { ListTable } from '../../ui/CrudList.tsx';
import { countLabel } from '../../ui/ListToolbar.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { SettingsPagination } from '../../ui/SettingsPagination.tsx';
import type { Column } from '../../ui/SortableTable.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { canEditUsers } from './user-form.ts';
import { NEW_USER_PATH, userEditPath, type UserListState } from './paths.ts';
import classes from './UserList.module.css';
import { useDeleteUser, useToggleUserActive, useUserList, type UserListRow } from './users.api.ts';
import { alertError } from '../../ui/alert-error.ts';
import { useListParams } from '../../ui/useListParams.ts';

/** Debounce of list searches (spec 1 §9). */
const SEARCH_DEBOUNCE_MS = 300;

/** An address that may break before the '@' when the table is narrow. */
function EmailText({ value }: { value: string }) {
  const at = value.indexOf('@');
  if (at <= 0) return value;
  return (
    <span className={classes.email}>
      {value.slice(0, at)}
      <wbr />
      {value.slice(at)}
    </span>
  );
}

function ActiveIcon({ active }: { active: boolean }) {
  return active ? (
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
  );
}

/** Settings section 'Benutzer': searchable, sortable, paged list (6 per page) with its actions. */
export function UserList() {
  const can = useCan();
  const me = useCurrentUser();
  const { search: listQuery } = useLocation();
  // Search, sort and page live in the address, so the way back from the user form keeps them.
  const params = useListParams({ debounceMs: SEARCH_DEBOUNCE_MS });
  const { term: search, search: input, setSearch: setInput, page } = params;
  const list = useUserList(page - 1, search, params.sort);
  const toggle = useToggleUserActive();
  const remove = useDeleteUser();
  const pages = list.data?.pn;

  const mayCreate = can('einstellungen_benutzer_erstellen');
  const mayEdit = canEditUsers(me);
  const mayToggle = can('einstellungen_benutzer_aktiv_inaktiv_setzen');
  const mayDelete = can('einstellungen_benutzer_l_schen');
  const formState: UserListState = { from: listQuery };

  const columns = ((): Column<UserListRow>[] => {
    const confirmDelete = (u: UserListRow) =>
      openConfirm({
        title: 'Löschen',
        text: `Benutzer '${fullName(u)}' löschen?`,
        onConfirm: () =>
          remove.mutate(u.id, {
            onSuccess: () => notifications.show({ message: `Benutzer '${fullName(u)}' gelöscht`, color: 'teal' }),
            onError: (error) => {
              alertError(error);
            },
          }),
      });
    const toggleActive = (u: UserListRow) =>
      toggle.mutate(u.id, {
        onError: (error) => {
          alertError(error);
        },
      });

    const cols: Column<UserListRow>[] = [
      {
        key: 'lastName',
        label: 'Nachname',
        sortable: true,
        render: (u) => (
          <Group gap={10} wrap="nowrap">
            <UserAvatar uri={u.resourceUri} firstName={u.firstName} lastName={u.lastName} size={26} radius="xl" className={classes.avatar} />
            <Text size="sm">
              <Anchor component={Link} to={userEditPath(u.id)} state={formState} inherit fw={500} c="inherit">
                {u.lastName}
              </Anchor>
              <span className={classes.inlineFirstName}>, {u.firstName}</span>
            </Text>
          </Group>
        ),
      },
      { key: 'firstName', label: 'Vorname', sortable: true, render: (u) => u.firstName },
      // The soft hyphen lets the header break ('Benutzer-name') instead of widening the table.
      { key: 'email', label: 'Benutzer\u00ADname', sortable: true, render: (u) => <EmailText value={u.email} /> },
      {
        key: 'personalNumber',
        // A non-breaking hyphen keeps the short header on one line.
        label: 'Pers.\u2011Nr.',
        sortable: true,
        nowrap: true,
        render: (u) => u.personalNumber ?? '–',
      },
      { key: 'location', label: 'Standort', sortable: true, render: (u) => u.locationLabel },
      { key: 'role', label: 'Gruppe', sortable: true, render: (u) => u.roleLabel },
      {
        key: 'active',
        label: 'Aktiv',
        sortable: true,
        width: 70,
        render: (u) =>
          // Nobody switches himself off (spec 3 §6).
          mayToggle && u.id !== me.id ? (
            <Switch
              checked={u.active}
              onChange={() => toggleActive(u)}
              disabled={toggle.isPending && toggle.variables === u.id}
              aria-label={`${u.lastName}, ${u.firstName} aktiv`}
              size="sm"
              color="teal"
            />
          ) : (
            <ActiveIcon active={u.active} />
          ),
      },
    ];
    if (mayEdit || mayDelete) {
      cols.push({
        key: 'actions',
        label: 'Aktionen',
        align: 'right',
        width: 84,
        nowrap: true,
        render: (u) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            {mayEdit && (
              <Tooltip label="Bearbeiten">
                <ActionIcon
                  component={Link}
                  to={userEditPath(u.id)}
                  state={formState}
                  variant="subtle"
                  color="stone.8"
                  aria-label={`${u.lastName}, ${u.firstName} bearbeiten`}
                >
                  <IconPencil size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            {mayDelete && u.id !== me.id && (
              <Tooltip label="Löschen">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => confirmDelete(u)}
                  aria-label={`${u.lastName}, ${u.firstName} löschen`}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        ),
      });
    }
    return cols;
  })();

  const count = list.data?.count;
  const exportPath = `/api/export-users${search ? `?userSearch=${encodeURIComponent(search)}` : ''}`;
  return (
    <Card padding={0} className={classes.list}>
      <Group justify="space-between" align="flex-end" p="md" gap="sm" wrap="wrap">
        <SearchInput value={input} onChange={setInput} placeholder="Name, Benutzername, Personalnr." width={280} />
        <Group gap="sm">
          <ExportButton path={exportPath} />
          {mayCreate && (
            <Button component={Link} to={NEW_USER_PATH} state={formState} leftSection={<IconPlus size={16} />}>
              Neuer Benutzer
            </Button>
          )}
        </Group>
      </Group>
      <ListTable
        label="Benutzer"
        query={list}
        list={params}
        pages={pages}
        columns={columns}
        rows={list.data?.users}
        rowKey={(u) => u.id}
        skeletonRows={6}
        emptyText={search ? 'Keine Benutzer zu dieser Suche gefunden' : 'Keine Benutzer vorhanden'}
        minWidth={720}
        footer={
          <Group justify="space-between" align="flex-end" px="md" pb="md" gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite" mt="md">
              {countLabel(count, 'Benutzer', 'Benutzer')}
            </Text>
            <SettingsPagination total={pages ?? 0} value={page} onChange={params.setPage} />
          </Group>
        }
      />
    </Card>
  );
}
