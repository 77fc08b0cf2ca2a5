import { useEffect, useMemo, useState } from 'react';
import { Button, Group, Paper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { query } from '../../api/client.ts';
import { useCan } from '../../shell-api/current-user.tsx';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { flattenPages } from '../../ui/infinite-rows.ts';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { ViewTabs } from '../../ui/ViewTabs.tsx';
import { LocationSelect } from '../../ui/LocationSelect.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { useListParams, type ListFilters } from '../../ui/useListParams.ts';
import { YearInput } from '../../ui/YearInput.tsx';
import { isSickListView, SICK_VIEWS, sickPath, type SickListView, type SickView } from './sick-paths.ts';
import { SickReportModal } from './SickReportModal.tsx';
import { usePickerUsers, useDeleteSickReport, useSickReportList, useSickSummary, type SickReportRow } from './sick-reports.api.ts';
import { reportName, sickColumns, summaryColumns } from './sick-ui.tsx';
import { alertError } from '../../ui/alert-error.ts';

/** Placeholder rows while a list loads (spec 1 §9). */

/** The dialog: closed, a new report, or the report being edited. */
type Dialog = { open: false } | { open: true; report: SickReportRow | null };

function ReportList({
  view,
  filters,
  onSort,
  onEdit,
}: {
  view: SickListView;
  filters: ListFilters;
  onSort: (sort: string) => void;
  onEdit: (row: SickReportRow) => void;
}) {
  const list = useSickReportList(view, filters);
  const remove = useDeleteSickReport();
  const { rows, count } = flattenPages(list.data, (p) => p.sickReports);

  const columns = useMemo(() => {
    const onDelete = (row: SickReportRow) =>
      openConfirm({
        title: `Krankmeldung '${reportName(row)}' löschen?`,
        onConfirm: () =>
          remove.mutate(row.id, {
            onSuccess: () => notifications.show({ message: `Krankmeldung '${reportName(row)}' gelöscht`, color: 'teal' }),
            onError: alertError,
          }),
      });
    return sickColumns({ onEdit, onDelete }, rows.some((r) => r.canEdit || r.canDelete));
  }, [rows, remove, onEdit]);

  return (
    <PagedTable
      query={list}
      rows={rows}
      count={count}
      noun={['Krankmeldung', 'Krankmeldungen']}
      label={SICK_VIEWS.find((v) => v.view === view)!.title}
      columns={columns}
      rowKey={(r) => r.id}
      sort={filters.sort}
      onSortChange={onSort}
      emptyText="Keine Krankmeldungen vorhanden"
      minWidth={640}
      cards
    />
  );
}

function SummaryList({ filters, onSort }: { filters: ListFilters; onSort: (sort: string) => void }) {
  const list = useSickSummary(filters);
  const { rows, count } = flattenPages(list.data, (p) => p.users);
  const columns = useMemo(() => summaryColumns(filters.year), [filters.year]);
  return (
    <PagedTable
      query={list}
      rows={rows}
      count={count}
      noun={['Mitarbeiter', 'Mitarbeiter']}
      label="Krankheitstage je Mitarbeiter"
      columns={columns}
      rowKey={(r) => r.id}
      sort={filters.sort}
      onSortChange={onSort}
      emptyText="Keine Mitarbeiter gefunden"
      minWidth={640}
      stickyFirstColumn
    />
  );
}

/**
 * The sick report page (spec 1 §2 "Sick report page"): incoming, past and all reports and the
 * sick days per person; location, employee search and year filter; new, edit, delete, export.
 * Opening the page resets the search and the year and loads everyone for the employee picker.
 */
export function SickReportPage({ view }: { view: SickView }) {
  const can = useCan();
  const navigate = useNavigate();
  const { filters, update, carried, search: searchText, setSearch: setSearchText } = useListParams();
  const [dialog, setDialog] = useState<Dialog>({ open: false });
  usePickerUsers();

  useEffect(() => {
    if (filters.search || filters.year) update({ search: '', year: '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on opening the page
  }, []);

  const title = SICK_VIEWS.find((v) => v.view === view)!.title;
  const exportView = isSickListView(view) ? view : '4';
  const sort = (s: string) => update({ sort: s });
  const edit = useMemo(() => (report: SickReportRow) => setDialog({ open: true, report }), []);

  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[{ label: 'Krankmeldungen' }]}
        actions={
          <>
            {can('krankmeldungen_exportieren') && (
              <ExportButton path={`/api/exportsickreport/${encodeURIComponent(filters.location)}/${exportView}${query({ year: filters.year })}`} />
            )}
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ open: true, report: null })}>
              Neue Krankmeldung
            </Button>
          </>
        }
      />

      <Paper withBorder radius="md">
        <ViewTabs views={SICK_VIEWS} value={view} onChange={(next) => navigate(`${sickPath(next)}${carried()}`)} />

        <Group gap="md" align="flex-end" p="md" pb="sm" wrap="wrap">
          {can('krankmeldungen_nach_filiale_filtern') && <LocationSelect value={filters.location} onChange={(location) => update({ location })} />}
          {can('krankmeldungen_nach_mitarbeiter_filtern') && (
            <SearchInput label="Suche Mitarbeiter" placeholder="Name oder Personalnummer" value={searchText} onChange={setSearchText} />
          )}
          <YearInput value={filters.year} onChange={(year) => update({ year })} />
        </Group>

        {isSickListView(view) ? (
          <ReportList key={view} view={view} filters={filters} onSort={sort} onEdit={edit} />
        ) : (
          <SummaryList filters={filters} onSort={sort} />
        )}
      </Paper>

      {dialog.open && <SickReportModal report={dialog.report} onClose={() => setDialog({ open: false })} />}
    </>
  );
}
