import { Alert, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { DECLINE_REASON_MAX } from '@filialportal/core/vacation';
import { creditedDaysText } from '@filialportal/core/absences';
import { MSG } from '@filialportal/core/messages';
import { countOf } from '@filialportal/core/plural';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import type { VacationRow } from './absences.api.ts';
import { exceedsWarning, personName } from './vacation-ui.tsx';

/** The request in the dialog: person, period, days and, for special leave or overtime, its reason or hours. */
function RequestSummary({ row, question }: { row: VacationRow; question?: string }) {
  const days = countOf(row.countDays, 'Tag', 'Tage');
  const warning = exceedsWarning(row);
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
      {row.creditedDays > 0 && (
        <Text size="sm" c="red.9">
          {creditedDaysText(row.creditedDays)}
        </Text>
      )}
      {warning && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} p="xs" title="Mehr Tage beantragt als verfügbar">
          {warning}
        </Alert>
      )}
      {row.warnings.map((w) => (
        <Alert key={w} color="orange" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
          {w}
        </Alert>
      ))}
      {row.blockedPeriod && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} p="xs" title="Urlaubssperre">
          {row.blockedPeriod}
        </Alert>
      )}
      {row.overtimeDeduction && (
        <Text size="sm">
          Überstundenabbau:{' '}
          <Text span fw={600} inherit>
            {row.overtime === null ? '–' : countOf(row.overtime, 'Stunde', 'Stunden')}
          </Text>
        </Text>
      )}
    </Stack>
  );
}

/**
 * A text the person writes in a confirm dialog. The dialog's content is rendered once, so the text
 * goes into `into` and is read when the button is pressed.
 */
export function DialogText({ label, description, into, required }: { label: string; description?: string; into: { current: string }; required?: boolean }) {
  return (
    <Textarea
      label={label}
      description={description}
      required={required}
      autosize
      minRows={2}
      maxLength={DECLINE_REASON_MAX}
      onChange={(e) => (into.current = e.currentTarget.value)}
    />
  );
}

/**
 * 'Urlaubsantrag annehmen' naming the person (spec 1 §4). Inside a blocked period HR approves
 * with a note (the server refuses others and asks HR for the note).
 */
export function confirmAccept(row: VacationRow, onConfirm: (choice: { note: string; handTasksTo: string | null }) => void) {
  const note = { current: '' };
  const handTo = { current: null as string | null };
  const deputies = row.deputies.filter((d) => !d.declined);
  openConfirm({
    title: 'Urlaubsantrag annehmen',
    text: (
      <Stack gap="sm">
        <RequestSummary row={row} question={`Den Urlaubsantrag von ${personName(row)} annehmen?`} />
        {deputies.length > 0 && (
          <NativeSelect
            label="Offene Aufgaben übergeben an"
            description="Die offenen Aufgaben der Person gehen an die Vertretung; Genehmigungen und Bestätigungen bleiben."
            data={[{ value: '', label: 'Nicht übergeben' }, ...deputies.map((d) => ({ value: d.userId, label: d.name }))]}
            onChange={(e) => (handTo.current = e.currentTarget.value || null)}
          />
        )}
        {row.blockedPeriod && (
          <DialogText
            label="Notiz zur Genehmigung trotz Urlaubssperre"
            description="Nur die Personalleitung kann einen Antrag in einer Urlaubssperre genehmigen."
            into={note}
          />
        )}
      </Stack>
    ),
    confirmLabel: row.blockedPeriod ? 'Trotzdem annehmen' : 'Annehmen',
    danger: false,
    onConfirm: () => onConfirm({ note: note.current.trim(), handTasksTo: handTo.current }),
  });
}

/**
 * 'Urlaubsantrag ablehnen' naming the person (spec 1 §4), with an optional reason that the row,
 * view 5 and the mail to the person show.
 */
export function confirmDecline(row: VacationRow, onConfirm: (reason: string) => void) {
  const reason = { current: '' };
  openConfirm({
    title: 'Urlaubsantrag ablehnen',
    text: (
      <Stack gap="sm">
        <RequestSummary row={row} question={`Den Urlaubsantrag von ${personName(row)} ablehnen?`} />
        <DialogText label="Begründung (optional)" description="Erscheint beim Antrag und in der E-Mail an die Person." into={reason} />
      </Stack>
    ),
    confirmLabel: 'Ablehnen',
    onConfirm: () => onConfirm(reason.current.trim()),
  });
}

/** "Urlaubsantrag '<Vorname Nachname>' löschen?" with the shared question below. */
export function confirmDelete(row: VacationRow, onConfirm: () => void) {
  openConfirm({
    title: `Urlaubsantrag '${personName(row)}' löschen?`,
    text: <RequestSummary row={row} question={MSG.confirmText} />,
    onConfirm,
  });
}
