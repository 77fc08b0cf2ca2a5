import { useMemo } from 'react';
import { Alert, Select, SimpleGrid } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBeach, IconUser } from '@tabler/icons-react';
import { countOf, plural } from '@filialportal/core/plural';
import { useCan, useCurrentUser } from '../../shell-api/current-user.tsx';
import { DateField } from '../../ui/DateField.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { checkSickReport, sickReportBody, type SickReportValues } from './sick-report-rules.ts';
import { usePickerUsers, useSaveSickReport, useSickCreditPreview, type SickReportRow } from './sick-reports.api.ts';

export interface SickReportModalProps {
  /** The report to edit; null for a new one. */
  report: SickReportRow | null;
  onClose: () => void;
}

/**
 * New and edit dialog of a sick report: Mitarbeiter, Von, Bis. Who may enter reports of his own
 * location only is offered its people only.
 */
export function SickReportModal({ report, onClose }: SickReportModalProps) {
  const user = useCurrentUser();
  const can = useCan();
  const ownLocationOnly = !can('krankmeldungen_von_allen_sehen_und_bearbeiten');
  const ownLocation = user.location?.id ?? '';
  const people = usePickerUsers();
  const save = useSaveSickReport();
  const { form, values, message, invalid, refused } = useCheckedForm<SickReportValues>({
    initialValues: report ? { userId: report.userId, startDate: report.startDate, endDate: report.endDate } : { userId: null, startDate: null, endDate: null },
    validate: checkSickReport,
  });
  const credit = useSickCreditPreview(sickReportBody(values));

  const options = useMemo(() => {
    const list = (people.data ?? []).filter(
      (p) => (p.active || p.id === report?.userId) && (!ownLocationOnly || p.location === ownLocation || p.id === report?.userId),
    );
    const byLocation = new Map<string, { value: string; label: string }[]>();
    for (const p of list) {
      const group = byLocation.get(p.locationLabel) ?? [];
      group.push({ value: p.id, label: `${p.lastName}, ${p.firstName}` });
      byLocation.set(p.locationLabel, group);
    }
    return [...byLocation.entries()].sort(([a], [b]) => a.localeCompare(b, 'de')).map(([group, items]) => ({ group, items }));
  }, [people.data, ownLocationOnly, ownLocation, report?.userId]);

  const set = (patch: Partial<SickReportValues>) => form.setValues(patch);
  // A start after the chosen end moves the end along.
  const setStart = (startDate: string | null) => form.setValues((v) => ({ startDate, endDate: startDate && v.endDate && v.endDate < startDate ? startDate : v.endDate }));

  const submit = form.onSubmit((v) =>
    save.mutate(
      { id: report?.id, sickReport: sickReportBody(v) },
      {
        onSuccess: () => {
          notifications.show({ message: report ? 'Krankmeldung gespeichert' : 'Krankmeldung erstellt', color: 'teal' });
          onClose();
        },
        onError: (error) => refused(error),
      },
    ),
  );

  return (
    <FormModal
      opened
      onClose={onClose}
      title={report ? 'Krankmeldung bearbeiten' : 'Neue Krankmeldung'}
      submitLabel={report ? 'Speichern' : 'Erstellen'}
      onSubmit={submit}
      loading={save.isPending}
      error={message}
    >
      <Select
        label="Mitarbeiter"
        placeholder={people.isPending ? 'Mitarbeiter werden geladen …' : 'Name eingeben oder wählen'}
        data={options}
        value={values.userId}
        onChange={(userId) => set({ userId })}
        searchable
        clearable
        nothingFoundMessage="Kein Mitarbeiter gefunden"
        leftSection={<IconUser size={16} stroke={1.7} />}
        withAsterisk
        error={invalid('userId')}
        maxDropdownHeight={280}
        comboboxProps={{ withinPortal: true }}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <DateField label="Von" withAsterisk value={values.startDate} onChange={setStart} error={invalid('startDate')} clearable />
        <DateField
          label="Bis"
          withAsterisk
          value={values.endDate}
          onChange={(endDate) => set({ endDate })}
          minDate={values.startDate ?? undefined}
          defaultDate={values.startDate ?? undefined}
          error={invalid('endDate')}
          clearable
        />
      </SimpleGrid>
      {credit.data && credit.data.days > 0 && (
        <Alert color="blue" variant="light" icon={<IconBeach size={18} />} title="Krank während genehmigtem Urlaub" role="status">
          {credit.data.vacations.map((v) => `Urlaub ${v.startDateFormated} – ${v.endDateFormated}`).join(', ')}:{' '}
          {`${countOf(credit.data.days, 'Urlaubstag', 'Urlaubstage')} ${plural(credit.data.days, 'wird', 'werden')}`} wegen Krankheit gutgeschrieben (§ 9 BUrlG). Die Person
          erhält eine E-Mail.
        </Alert>
      )}
    </FormModal>
  );
}
