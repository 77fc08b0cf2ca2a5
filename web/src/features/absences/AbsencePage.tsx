import { useMemo } from 'react';
import { Button, Group, Paper, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { countOf } from '@filialportal/core/plural';
import { query } from '../../api/client.ts';
import { useCan } from '../../shell-api/current-user.tsx';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { flattenPages } from '../../ui/infinite-rows.ts';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { ViewTabs } from '../../ui/ViewTabs.tsx';
import { LocationSelect } from '../../ui/LocationSelect.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { useListParams, type ListFilters } from '../../ui/useListParams.ts';
import { YearInput } from '../../ui/YearInput.tsx';
import { countPeople,
  currentWarnings,
  useDecideVacation,
  useDeleteVacation,
  useVacationList,
  useVacationOverview,
  type VacationListView,
  type VacationRow,
  type VacationView } from './absences.api.ts';
import { isListView,
  PREVIOUS_YEARS_PARAM,
  VACATION_REQUEST_PATH,
  DEPUTIES_PATH,
  VACATION_VIEWS,
  vacationPath,
  VIEW_ACTIONS,
  type RequestFormState } from './paths.ts';
import { confirmAccept, confirmDecline, confirmDelete } from './vacation-confirm.tsx';
import { overviewColumns, personName, vacationColumns } from './vacation-ui.tsx';
import { alertError } from '../../ui/alert-error.ts';
import { editQuery } from '../../ui/edit-query.ts';

/** Placeholder rows while a list loads (spec 1 §9). */

function RequestList({ view, filters, onSort }: { view: VacationListView; filters: ListFilters; onSort: (sort: string) => void }) {
  const list = useVacationList(view, filters);
  const decide = useDecideVacation();
  const remove = useDeleteVacation();
  const { rows, count } = flattenPages(list.data, (p) => p.absences);
  const allowed = VIEW_ACTIONS[view];

  const columns = useMemo(() => {
    const handlers = {
      onAccept: allowed.accept
        ? // The warnings as of now: the staffing may have changed since the request.
          (row: VacationRow) =>
            void currentWarnings(row.id)
              .then((warnings) =>
                confirmAccept({ ...row, warnings }, ({ note, handTasksTo }) =>
                  decide.mutate(
                    { id: row.id, approve: true, note, handTasksTo },
                    {
                      onSuccess: (answer) =>
                        notifications.show({
                          message: `Urlaubsantrag von ${personName(row)} angenommen${answer.handedOverTasks !== undefined ? ` – ${countOf(answer.handedOverTasks, 'Aufgabe', 'Aufgaben')} übergeben` : ''}`,
                          color: 'teal',
                        }),
                      onError: alertError,
                    },
                  ),
                ),
              )
              .catch(alertError)
        : undefined,
      onDecline: allowed.decline
        ? (row: VacationRow) =>
            confirmDecline(row, (reason) =>
              decide.mutate(
                { id: row.id, approve: false, reason },
                { onSuccess: () => notifications.show({ message: `Urlaubsantrag von ${personName(row)} abgelehnt`, color: 'orange' }), onError: alertError },
              ),
            )
        : undefined,
      onDelete: allowed.remove
        ? (row: VacationRow) =>
            confirmDelete(row, () =>
              remove.mutate(row.id, {
                onSuccess: () => notifications.show({ message: `Urlaubsantrag von ${personName(row)} gelöscht`, color: 'teal' }),
                onError: alertError,
              }),
            )
        : undefined,
    };
    const anyAction = rows.some((r) => (allowed.accept && r.canAccept) || (allowed.decline && r.canDecline) || (allowed.remove && r.canDelete));
    return vacationColumns(handlers, anyAction);
  }, [allowed, rows, decide, remove]);

  return (
    <PagedTable
      query={list}
      rows={rows}
      count={count}
      noun={['Antrag', 'Anträge']}
      label={VACATION_VIEWS.find((v) => v.view === view)!.title}
      columns={columns}
      rowKey={(r) => r.id}
      sort={filters.sort}
      onSortChange={onSort}
      emptyText="Keine Anträge vorhanden"
      minWidth={700}
      cards
    />
  );
}

function OverviewList({ filters, previousYears, onSort }: { filters: ListFilters; previousYears: boolean; onSort: (sort: string) => void }) {
  const list = useVacationOverview(filters, previousYears);
  const { rows, count } = flattenPages(list.data, (p) => p.users);
  const newest = list.data?.pages[0]?.users[0]?.year ?? 0;
  const columns = useMemo(() => overviewColumns(previousYears, newest), [previousYears, newest]);
  return (
    <PagedTable
      query={list}
      rows={rows}
      count={count}
      shown={countPeople(rows)}
      noun={['Mitarbeiter', 'Mitarbeiter']}
      label="Urlaubsübersicht"
      columns={columns}
      rowKey={(r) => r.id}
      sort={filters.sort}
      onSortChange={onSort}
      emptyText="Keine Mitarbeiter gefunden"
      minWidth={680}
      stickyFirstColumn
      spacing="xs"
    />
  );
}

/**
 * The vacation page (spec 1 §2 "Absence"): breadcrumb 'Urlaub' and the view's title, a view
 * switcher, the toolbar (location, employee search, year, new request, export) and the list of
 * the view — requests in views 1, 2, 3 and 5, everyone's account in view 4.
 */
export function AbsencePage({ view }: { view: VacationView }) {
  const can = useCan();
  const navigate = useNavigate();
  const { pathname, search: addressQuery } = useLocation();
  const { filters, update, params, setParams, carried, search: searchText, setSearch: setSearchText } = useListParams();
  const previousYears = params.get(PREVIOUS_YEARS_PARAM) === '1';
  const title = VACATION_VIEWS.find((v) => v.view === view)!.title;

  const setPreviousYears = (on: boolean) =>
    editQuery(setParams, (next) => {
      if (on) next.set(PREVIOUS_YEARS_PARAM, '1');
      else next.delete(PREVIOUS_YEARS_PARAM);
    });

  const exportQuery = isListView(view)
    ? query({ year: filters.year })
    : query({ contingent: previousYears ? 1 : undefined });
  const requestState: RequestFormState = { from: `${pathname}${addressQuery}` };

  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[{ label: 'Urlaub' }]}
        actions={
          <>
            {can('urlaub_exportieren') && <ExportButton path={`/api/exportabsence/${encodeURIComponent(filters.location)}/${view}${exportQuery}`} />}
            <Button component={Link} to={DEPUTIES_PATH} variant="default" leftSection={<IconUsers size={16} />}>
              Vertretungen
            </Button>
            {can('urlaub_antrag_stellen') && (
              <Button component={Link} to={VACATION_REQUEST_PATH} state={requestState} leftSection={<IconPlus size={16} />}>
                Neuer Urlaubsantrag
              </Button>
            )}
          </>
        }
      />

      <Paper withBorder radius="md">
        <ViewTabs views={VACATION_VIEWS} value={view} onChange={(next) => navigate(`${vacationPath(next)}${carried()}`)} />

        <Group gap="md" align="flex-end" p="md" pb="sm" wrap="wrap">
          {can('urlaub_nach_filiale_filtern') && <LocationSelect value={filters.location} onChange={(location) => update({ location })} />}
          {can('urlaub_nach_mitarbeiter_filtern') && (
            <SearchInput label="Suche Mitarbeiter" placeholder="Name oder Personalnummer" value={searchText} onChange={setSearchText} />
          )}
          {isListView(view) && <YearInput value={filters.year} onChange={(year) => update({ year })} />}
          {!isListView(view) && (
            <Switch label="mit Vorjahren" checked={previousYears} onChange={(e) => setPreviousYears(e.currentTarget.checked)} mb={8} />
          )}
        </Group>

        {isListView(view) ? (
          <RequestList key={view} view={view} filters={filters} onSort={(sort) => update({ sort })} />
        ) : (
          <OverviewList filters={filters} previousYears={previousYears} onSort={(sort) => update({ sort })} />
        )}
      </Paper>
    </>
  );
}
