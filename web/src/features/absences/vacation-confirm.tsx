import { Stack, Text } from '@mantine/core';
import { MSG } from '@filialportal/core/messages';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import type { VacationRow } from './absences.api.ts';
import { formatNumber, personName } from './vacation-ui.tsx';

/** The request in the dialog: person, period, days and, for special leave or overtime, its reason or hours. */
function RequestSummary({ row, question }: { row: VacationRow; question?: string }) {
  const days = row.countDays === 1 ? '1 Tag' : `${formatNumber(row.countDays)} Tage`;
  return (
    <Stack gap={6}>
      {question && <Text size="sm">{question}</Text>}
      <Text size="sm">
        <Text span fw={600} inherit>
          {personName(row)}
        </Text>
        : {row.startDateFormated} – {row.endDateFormated} ({days})
      </Text>
      {row.specialHoliday && (
        <Text size="sm">
          Sonderurlaub, Grund:{' '}
          <Text span fw={600} inherit>
            {row.reason || '–'}
          </Text>
        </Text>
      )}
      {row.overtimeDeduction && (
        <Text size="sm">
          Überstundenabbau:{' '}
          <Text span fw={600} inherit>
            {row.overtime === null ? '–' : `${formatNumber(row.overtime)} Stunden`}
          </Text>
        </Text>
      )}
    </Stack>
  );
}

/** 'Urlaubsantrag annehmen' naming the person (spec 1 §4). */
export function confirmAccept(row: VacationRow, onConfirm: () => void) {
  openConfirm({
    title: 'Urlaubsantrag annehmen',
    text: <RequestSummary row={row} question={`Den Urlaubsantrag von ${personName(row)} annehmen?`} />,
    confirmLabel: 'Annehmen',
    danger: false,
    onConfirm,
  });
}

/** 'Urlaubsantrag ablehnen' naming the person (spec 1 §4). */
export function confirmDecline(row: VacationRow, onConfirm: () => void) {
  openConfirm({
    title: 'Urlaubsantrag ablehnen',
    text: <RequestSummary row={row} question={`Den Urlaubsantrag von ${personName(row)} ablehnen?`} />,
    confirmLabel: 'Ablehnen',
    onConfirm,
  });
}

/** "Urlaubsantrag '<Nachname>' löschen?" with the shared question below. */
export function confirmDelete(row: VacationRow, onConfirm: () => void) {
  openConfirm({
    title: `Urlaubsantrag '${row.userId ? row.lastName : personName(row)}' löschen?`,
    text: <RequestSummary row={row} question={MSG.confirmText} />,
    onConfirm,
  });
}
