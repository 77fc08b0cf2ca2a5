import { useMemo, useState } from 'react';
import { Alert, FileInput, Input, Progress, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBeach, IconFileCertificate, IconUser } from '@tabler/icons-react';
import { CERTIFICATE_LABELS, CERTIFICATES, SICK_KIND_LABELS, SICK_KINDS, type Certificate, type SickKind } from '@filialportal/core/sick-reports';
import { countOf, plural } from '@filialportal/core/plural';
import { useCan, useCurrentUser } from '../../shell-api/current-user.tsx';
import { DateField } from '../../ui/DateField.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { checkSickReport, sickReportBody, type SickReportValues } from './sick-report-rules.ts';
import { usePickerUsers, useSaveSickReport, useSickCreditPreview, useUploadCertificate, type SickReportRow } from './sick-reports.api.ts';

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
  const certificate = useUploadCertificate();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { form, values, message, invalid, refused } = useCheckedForm<SickReportValues>({
    initialValues: report
      ? { userId: report.userId, startDate: report.startDate, endDate: report.endDate, kind: report.kind, certificate: report.certificate ?? '' }
      : { userId: null, startDate: null, endDate: null, kind: 'own', certificate: '' },
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

  const finish = () => {
    notifications.show({ message: report ? 'Krankmeldung gespeichert' : 'Krankmeldung erstellt', color: 'teal' });
    onClose();
  };
  // The report first, then its certificate (the file needs the report's id); a refused file keeps the dialog open.
  const submit = form.onSubmit((v) =>
    save.mutate(
      { id: report?.id, sickReport: sickReportBody(v) },
      {
        onSuccess: (answer) => {
          if (!file) return finish();
          setProgress(0);
          certificate.mutate(
            { id: answer.sickReport.id, file, onProgress: setProgress },
            { onSuccess: finish, onError: (error) => refused(error), onSettled: () => setProgress(null) },
          );
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
      loading={save.isPending || certificate.isPending}
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
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Stack gap={4}>
          <Input.Label labelElement="div" id="sick-kind">
            Art
          </Input.Label>
          <SegmentedControl
            aria-labelledby="sick-kind"
            value={values.kind}
            onChange={(kind) => set({ kind: kind as SickKind })}
            data={SICK_KINDS.map((k) => ({ value: k, label: SICK_KIND_LABELS[k] }))}
            fullWidth
          />
        </Stack>
        <Select
          label="Bescheinigung"
          data={[{ value: '', label: 'Keine' }, ...CERTIFICATES.map((c) => ({ value: c, label: CERTIFICATE_LABELS[c] }))]}
          value={values.certificate}
          onChange={(c) => set({ certificate: (c ?? '') as Certificate | '' })}
          allowDeselect={false}
          error={invalid('certificate')}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <FileInput
        label="Datei der Bescheinigung"
        description={
          report?.certificateFile
            ? `Gespeichert: ${report.certificateFile.name}. Eine neue Datei ersetzt sie. Nur wer Krankmeldungen dieser Person bearbeitet, sieht sie.`
            : 'PDF, JPEG oder HEIC (Foto vom Telefon), höchstens 20 MB. Nur wer Krankmeldungen dieser Person bearbeitet, sieht sie.'
        }
        placeholder="Datei wählen"
        accept="application/pdf,image/jpeg,image/heic,image/heif,.heic,.heif"
        value={file}
        onChange={setFile}
        clearable
        leftSection={<IconFileCertificate size={16} stroke={1.7} />}
      />
      {progress !== null && <Progress value={progress * 100} aria-label="Bescheinigung wird hochgeladen" animated />}
      {values.kind === 'child' && (
        <Text size="xs" c="dimmed">
          „Kind krank“ zählt getrennt von der eigenen Krankheit und schreibt keinen Urlaub gut.
        </Text>
      )}
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
