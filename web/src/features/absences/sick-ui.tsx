import { creditedDaysText } from '@filialportal/core/absences';
import { MSG } from '@filialportal/core/messages';
import { fullName } from '@filialportal/core/users';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { CERTIFICATE_LABELS, SICK_KIND_LABELS } from '@filialportal/core/sick-reports';
import { alertError } from '../../ui/alert-error.ts';
import { RowActions } from '../../ui/RowActions.tsx';
import type { Column } from '../../ui/SortableTable.tsx';
import { openCertificate, type SickReportRow, type SickSummaryRow } from './sick-reports.api.ts';
import { PersonCell } from './vacation-ui.tsx';

const formatNumber = (n: number) => n.toLocaleString('de-DE', { maximumFractionDigits: 2 });

/** The full name of a report's person for the dialogs ('Greta Wolf'), or 'Benutzer gelöscht'. */
export const reportName = (r: SickReportRow) => (r.userId ? fullName(r) : MSG.deletedUser);

export interface SickRowHandlers {
  onEdit: (row: SickReportRow) => void;
  onDelete: (row: SickReportRow) => void;
}

/** Columns of the report lists; edit and delete as each row allows. */
export function sickColumns({ onEdit, onDelete }: SickRowHandlers, withActions: boolean): Column<SickReportRow>[] {
  const cols: Column<SickReportRow>[] = [
    {
      key: 'person',
      label: 'Mitarbeiter',
      sortable: true,
      sortField: 'lastName',
      card: 'title',
      render: (r) => (
        <Stack gap={2}>
          <PersonCell row={r} facts={[r.locationLabel]} />
          {/* Sickness during approved vacation: those vacation days went back to the account. */}
          {r.creditedDays > 0 && (
            <Text size="xs" c="red.9" fw={500}>
              {creditedDaysText(r.creditedDays)}
            </Text>
          )}
          {r.certificate && (
            <Text size="xs" c="dimmed">
              {CERTIFICATE_LABELS[r.certificate]}
              {r.certificateFile && (
                <>
                  {' · '}
                  <Anchor component="button" type="button" size="xs" onClick={() => void openCertificate(r.id).catch(alertError)}>
                    Bescheinigung ansehen
                  </Anchor>
                </>
              )}
            </Text>
          )}
          {!r.certificate && r.certificateFile && (
            <Anchor component="button" type="button" size="xs" onClick={() => void openCertificate(r.id).catch(alertError)}>
              Bescheinigung ansehen
            </Anchor>
          )}
        </Stack>
      ),
    },
    { key: 'startDate', label: 'Von', sortable: true, nowrap: true, render: (r) => <Text size="sm">{r.startDateFormated}</Text> },
    { key: 'endDate', label: 'Bis', sortable: true, nowrap: true, render: (r) => <Text size="sm">{r.endDateFormated}</Text> },
    {
      key: 'countDays',
      label: 'Tage',
      sortable: true,
      align: 'right',
      width: 80,
      render: (r) => (
        <Text size="sm" fw={500}>
          {formatNumber(r.countDays)}
        </Text>
      ),
    },
    { key: 'createdAt', label: 'Erfasst am', sortable: true, nowrap: true, visibleFrom: 'lg', render: (r) => <Text size="sm">{r.createdAtFormated}</Text> },
    {
      key: 'status',
      label: 'Status',
      card: 'badge',
      render: (r) => (
        <Badge variant="light" color="red" radius="sm" size="sm" styles={{ label: { overflow: 'visible' } }}>
          {r.kind === 'child' ? SICK_KIND_LABELS.child : r.statusLabel || 'Krank'}
        </Badge>
      ),
    },
  ];
  if (withActions) {
    cols.push({
      key: 'actions',
      label: 'Aktionen',
      align: 'right',
      card: 'actions',
      width: 88,
      render: (r) => (
        <RowActions
          name={`Krankmeldung von ${r.userId ? `${r.firstName} ${r.lastName}` : MSG.deletedUser}`}
          onEdit={r.canEdit ? () => onEdit(r) : undefined}
          onDelete={r.canDelete ? () => onDelete(r) : undefined}
        />
      ),
    });
  }
  return cols;
}

/**
 * Columns of the per-employee summary (spec 1 §2). With a year filter, that year counts as
 * "this year" and the headings name the years.
 */
export function summaryColumns(year: string): Column<SickSummaryRow>[] {
  const days = (key: 'sickDaysThisYear' | 'sickDaysLastYear' | 'childSickDaysThisYear' | 'childSickDaysLastYear', label: string): Column<SickSummaryRow> => ({
    key,
    label,
    sortable: true,
    align: 'right',
    render: (r) => (
      <Text size="sm" fw={key === 'sickDaysThisYear' && r[key] > 0 ? 600 : undefined} c={r[key] === 0 ? 'dimmed' : undefined}>
        {formatNumber(r[key])}
      </Text>
    ),
  });
  return [
    { key: 'lastName', label: 'Nachname', sortable: true, render: (r) => <Text size="sm" fw={600}>{r.lastName}</Text> },
    { key: 'firstName', label: 'Vorname', sortable: true, render: (r) => <Text size="sm">{r.firstName}</Text> },
    { key: 'personalNumber', label: 'Personalnummer', sortable: true, render: (r) => <Text size="sm">{r.personalNumber || '–'}</Text> },
    { key: 'locationLabel', label: 'Standort', sortable: true, render: (r) => <Text size="sm">{r.locationLabel}</Text> },
    days('sickDaysThisYear', year ? `Krankheitstage ${year}` : 'Krankheitstage dieses Jahr'),
    days('sickDaysLastYear', year ? `Krankheitstage ${Number(year) - 1}` : 'Krankheitstage letztes Jahr'),
    // 'Kind krank' apart from the own sickness.
    { ...days('childSickDaysThisYear', year ? `Kind krank ${year}` : 'Kind krank dieses Jahr'), sortable: false },
  ];
}
