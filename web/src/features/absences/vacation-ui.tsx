import { MSG } from '@filialportal/core/messages';
import { ActionIcon, Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconTrash, IconX } from '@tabler/icons-react';
import { absenceStateLabel, creditedDaysText, DAY_LENGTH_LABELS } from '@filialportal/core/absences';
import { countOf } from '@filialportal/core/plural';
import type { Column } from '../../ui/SortableTable.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import type { OverviewRow, VacationRow } from './absences.api.ts';

const STATE_COLORS = { offen: 'yellow', akzeptiert: 'teal', abgelehnt: 'red' } as const;

/** 1.234,5 */
export const formatNumber = (n: number) => n.toLocaleString('de-DE', { maximumFractionDigits: 2 });

/** 'Greta Wolf', or 'Benutzer gelöscht'. */
export function personName(row: Pick<VacationRow, 'userId' | 'firstName' | 'lastName'>): string {
  return row.userId ? `${row.firstName} ${row.lastName}`.trim() : MSG.deletedUser;
}

/** 'Pers.-Nr. 1009', or '' without a number. */
const personalNumber = (pn: string | null) => (pn ? `Pers.-Nr. ${pn}` : '');

/** Short facts joined by ' · ', each kept on one line. */
function MetaLine({ parts }: { parts: string[] }) {
  return parts
    .filter(Boolean)
    .map((part, i) => (
      <span key={part}>
        {i > 0 && ' · '}
        <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
      </span>
    ));
}

/** A person in the absence lists: the name, then short facts; 'Benutzer gelöscht' without a person. */
export function PersonCell({ row, facts }: { row: { userId: string | null; lastName: string; firstName: string }; facts: string[] }) {
  if (!row.userId) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {MSG.deletedUser}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {row.lastName}, {row.firstName}
      </Text>
      {facts.some(Boolean) && (
        <Text size="xs" c="dimmed">
          <MetaLine parts={facts} />
        </Text>
      )}
    </Stack>
  );
}

/** Name, location and personal number of a request's person. */
export const RequestPerson = ({ row }: { row: VacationRow }) => <PersonCell row={row} facts={[row.locationLabel, personalNumber(row.personalNumber)]} />;

export function StateBadge({ row }: { row: VacationRow }) {
  const state = row.state ?? absenceStateLabel(row);
  return (
    <Badge variant="light" color={STATE_COLORS[state]} radius="sm" size="sm" styles={{ label: { overflow: 'visible' } }}>
      {state}
    </Badge>
  );
}

/** 'Sonderurlaub: <reason>' or 'Überstundenabbau: <hours> Std.'; nothing for plain vacation. */
export function kindText(row: VacationRow): string | null {
  if (row.specialHoliday) return row.reason ? `Sonderurlaub: ${row.reason}` : 'Sonderurlaub';
  if (row.overtimeDeduction) return row.overtime !== null ? `Überstundenabbau: ${formatNumber(row.overtime)} Std.` : 'Überstundenabbau';
  return null;
}

/** The period and, for special leave or overtime deduction, its reason or hours below. */
function PeriodCell({ row }: { row: VacationRow }) {
  const kind = kindText(row);
  return (
    <Stack gap={2}>
      <Text size="sm">
        <span style={{ whiteSpace: 'nowrap' }}>{row.startDateFormated} –</span> <span style={{ whiteSpace: 'nowrap' }}>{row.endDateFormated}</span>
      </Text>
      {row.dayLength !== 'full' && (
        <Text size="xs" c="teal.9" fw={500}>
          Halbe Tage, {DAY_LENGTH_LABELS[row.dayLength]}
        </Text>
      )}
      {kind && (
        <Text size="xs" c={row.specialHoliday ? 'grape.8' : 'blue.8'} fw={500} style={{ overflowWrap: 'anywhere' }}>
          {kind}
        </Text>
      )}
      {row.creditedDays > 0 && (
        <Text size="xs" c="red.9" fw={500}>
          {creditedDaysText(row.creditedDays)}
        </Text>
      )}
      {row.deputies.length > 0 && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Vertretung: {row.deputies.map((d) => (d.declined ? `${d.name} (abgelehnt: ${d.declineReason})` : d.name)).join(', ')}
        </Text>
      )}
      {row.warnings.map((w) => (
        <Text key={w} size="xs" c="oak.9" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {w}
        </Text>
      ))}
      {row.blockedPeriod && (
        <Text size="xs" c="red.9" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {row.blockedPeriod.replace(/ Bitte wählen Sie einen anderen Zeitraum\.$/, '')}
        </Text>
      )}
      {row.approvalNote && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Genehmigt trotz Urlaubssperre: {row.approvalNote}
        </Text>
      )}
      {row.declined && row.declineReason && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Begründung: {row.declineReason}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The quota warning (spec 1 §2): the days of the person's open requests and the remaining days,
 * for the year the request falls into (a request in January may concern next year's account).
 */
export function exceedsWarning(row: Pick<VacationRow, 'exceeds' | 'exceedsYear'>): string | null {
  if (!row.exceeds) return null;
  const [open, remaining] = row.exceeds;
  const days = (n: number) => countOf(n, 'Tag', 'Tage');
  const year = row.exceedsYear !== null ? ` ${row.exceedsYear}` : '';
  return `Offene Anträge${year}: ${days(open)}, Resturlaub${year}: ${days(remaining)}`;
}

/** Days of the request; a warning when the person's open requests exceed the remaining quota. */
export function DaysCell({ row }: { row: VacationRow }) {
  const warning = exceedsWarning(row);
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      {warning && (
        <Tooltip label={warning} withArrow multiline w={220}>
          <IconAlertTriangle size={17} stroke={1.8} color="var(--mantine-color-orange-7)" role="img" aria-label={warning} tabIndex={0} />
        </Tooltip>
      )}
      <Text size="sm" fw={500}>
        {formatNumber(row.countDays)}
      </Text>
    </Group>
  );
}

function ConfirmedCell({ row }: { row: VacationRow }) {
  if (!row.confirmedByData && !row.confirmedAtFormated) return <Text c="dimmed">–</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm">{row.confirmedByData || '–'}</Text>
      {row.confirmedAtFormated && (
        <Text size="xs" c="dimmed">
          {row.confirmedAtFormated}
        </Text>
      )}
    </Stack>
  );
}

export interface RowActionHandlers {
  onAccept?: (row: VacationRow) => void;
  onDecline?: (row: VacationRow) => void;
  onDelete?: (row: VacationRow) => void;
}

function Actions({ row, onAccept, onDecline, onDelete }: RowActionHandlers & { row: VacationRow }) {
  const who = personName(row);
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {onAccept && (
        <Tooltip label="Annehmen">
          <ActionIcon variant="light" color="teal" onClick={() => onAccept(row)} aria-label={`Urlaubsantrag von ${who} annehmen`}>
            <IconCheck size={17} stroke={2} />
          </ActionIcon>
        </Tooltip>
      )}
      {onDecline && (
        <Tooltip label="Ablehnen">
          <ActionIcon variant="light" color="orange" onClick={() => onDecline(row)} aria-label={`Urlaubsantrag von ${who} ablehnen`}>
            <IconX size={17} stroke={2} />
          </ActionIcon>
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip label="Löschen">
          <ActionIcon variant="subtle" color="red" onClick={() => onDelete(row)} aria-label={`Urlaubsantrag von ${who} löschen`}>
            <IconTrash size={17} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/**
 * The columns of the request lists (spec 1 §2): person, period with the kind of leave, days,
 * requested (wide screens), confirmed, state and, when any row offers one, the actions.
 * The handlers are given only for the actions the view allows; each row decides by its flags.
 */
export function vacationColumns(handlers: RowActionHandlers, withActions: boolean): Column<VacationRow>[] {
  const cols: Column<VacationRow>[] = [
    { key: 'person', label: 'Mitarbeiter', sortable: true, sortField: 'lastName', card: 'title', render: (r) => <RequestPerson row={r} /> },
    { key: 'period', label: 'Zeitraum', sortable: true, sortField: 'startDate', render: (r) => <PeriodCell row={r} /> },
    { key: 'days', label: 'Tage', sortable: true, sortField: 'countDays', align: 'right', width: 72, render: (r) => <DaysCell row={r} /> },
    {
      key: 'created',
      label: 'Beantragt',
      sortable: true,
      sortField: 'createdAt',
      nowrap: true,
      visibleFrom: 'lg',
      render: (r) => <Text size="sm">{r.createdAtFormated}</Text>,
    },
    { key: 'confirmed', label: 'Bestätigt', sortable: true, sortField: 'confirmedAt', render: (r) => <ConfirmedCell row={r} /> },
    { key: 'state', label: 'Status', width: 96, card: 'badge', render: (r) => <StateBadge row={r} /> },
  ];
  if (withActions) {
    cols.push({
      key: 'actions',
      label: 'Aktionen',
      align: 'right',
      width: 112,
      card: 'actions',
      render: (r) => (
        <Actions
          row={r}
          onAccept={r.canAccept ? handlers.onAccept : undefined}
          onDecline={r.canDecline ? handlers.onDecline : undefined}
          onDelete={r.canDelete ? handlers.onDelete : undefined}
        />
      ),
    });
  }
  return cols;
}

function Num({ value, strong }: { value: number; strong?: boolean }) {
  return (
    <Text size="sm" fw={strong ? 650 : undefined} c={strong && value < 0 ? 'red.8' : value === 0 ? 'dimmed' : undefined}>
      {formatNumber(value)}
    </Text>
  );
}

/** 'TT.MM.' of a YYYY-MM-DD date. */
const dayMonth = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.`;

/**
 * The carried-over days and what of them expires (§ 7 (3) BUrlG): 'davon n verfallen am 31.03.'
 * before the date, 'n am 31.03. verfallen' after it.
 */
export function carryOverNote(r: Pick<OverviewRow, 'expiringHolidays' | 'expiredHolidays' | 'expiryDate'>): string | null {
  if (!r.expiryDate) return null;
  if (r.expiringHolidays > 0) return `davon ${countOf(r.expiringHolidays, 'Tag verfällt', 'Tage verfallen')} am ${dayMonth(r.expiryDate)}`;
  if (r.expiredHolidays > 0) return `${countOf(r.expiredHolidays, 'Tag', 'Tage')} am ${dayMonth(r.expiryDate)} verfallen`;
  return null;
}

function CarryOverCell({ row }: { row: OverviewRow }) {
  const note = carryOverNote(row);
  return (
    <Stack gap={0} align="flex-end">
      <Num value={row.holidaySurplusPreviousYear} />
      {note && (
        <Text size="xs" c="oak.9" ta="right" style={{ whiteSpace: 'nowrap' }}>
          {note}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The columns of the overview (view 4): person (personal number, team; the location too where
 * its own column is hidden), location, the year when earlier years are shown, and the account.
 * Rows of earlier years follow the person's current row and name the person quietly.
 */
export function overviewColumns(withYear: boolean, currentYear: number): Column<OverviewRow>[] {
  const cols: Column<OverviewRow>[] = [
    {
      key: 'person',
      label: 'Mitarbeiter',
      sortable: true,
      sortField: 'lastName',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={r.year < currentYear ? 500 : 600} c={r.year < currentYear ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap' }}>
            {r.lastName}, {r.firstName}
          </Text>
          <Text size="xs" c="dimmed" display={r.year < currentYear ? 'none' : undefined}>
            <MetaLine parts={[personalNumber(r.personalNumber), r.teamLabel]} />
            <Text span inherit hiddenFrom="lg">
              {' · '}
              {r.locationLabel}
            </Text>
          </Text>
        </Stack>
      ),
    },
    { key: 'location', label: 'Standort', sortable: true, sortField: 'locationLabel', visibleFrom: 'lg', render: (r) => <Text size="sm">{r.locationLabel}</Text> },
  ];
  if (withYear) cols.push({ key: 'year', label: 'Jahr', width: 64, render: (r) => <Text size="sm">{r.year}</Text> });
  const num = (key: keyof OverviewRow, label: string, strong = false): Column<OverviewRow> => ({
    key,
    label,
    align: 'right',
    render: (r) => <Num value={Number(r[key])} strong={strong} />,
  });
  cols.push(
    num('holidayContingent', 'Anspruch'),
    { key: 'holidaySurplusPreviousYear', label: 'Übertrag', align: 'right', render: (r) => <CarryOverCell row={r} /> },
    num('availableHolidays', 'Verfügbar'),
    num('holidaysTakenThisYear', 'Genommen'),
    num('holidaysPlannedThisYear', 'Geplant'),
    num('openHolidays', 'Offen', true),
  );
  return cols;
}
