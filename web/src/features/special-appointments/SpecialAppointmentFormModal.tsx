import { useState } from 'react';
import { Grid, MultiSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { ZSpecialAppointmentRequest } from '@filialportal/core/special-appointments';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { DateField } from '../../ui/DateField.tsx';
import { zodResolver } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { useAllLocations } from '../../shell-api/lookups.ts';
import {
  checkSpecialAppointmentOverlap,
  useSaveSpecialAppointment,
  type SpecialAppointment,
  type SpecialAppointmentInput,
} from './special-appointments.api.ts';

interface Values {
  info: string;
  date: string | null;
  endDate: string | null;
  locations: string[];
}

/** The request: an empty end is the start (spec 3 §5); `id` only when editing. */
const bodyOf = (a: SpecialAppointment | null, v: Values): SpecialAppointmentInput => ({
  ...(a ? { id: a.id } : {}),
  info: v.info.trim(),
  date: v.date ?? '',
  endDate: v.endDate || v.date || '',
  locations: v.locations,
});

function toValues(a: SpecialAppointment | null): Values {
  if (!a) return { info: '', date: null, endDate: null, locations: [] };
  return { info: a.info, date: a.date, endDate: a.endDate, locations: a.locations };
}

/** '05.12.2026' or '05.12.2026 – 06.12.2026'. */
export function dateRange(a: Pick<SpecialAppointment, 'dateFormated' | 'endDateFormated'>): string {
  return a.endDateFormated && a.endDateFormated !== a.dateFormated ? `${a.dateFormated} – ${a.endDateFormated}` : a.dateFormated;
}

/** The text of the overlap warning: which appointment, when, where ('Alle' for all locations). */
function OverlapWarning({ other }: { other: SpecialAppointment }) {
  return (
    <Stack gap="sm">
      <Text size="sm">Der Zeitraum überschneidet sich mit einem anderen Sondertermin:</Text>
      <Paper withBorder p="sm" bg="orange.0" style={{ borderColor: 'var(--mantine-color-orange-3)' }}>
        <Text size="sm" fw={600}>
          {other.info}
        </Text>
        <Text size="sm" c="dimmed">
          {dateRange(other)}
        </Text>
        <Text size="sm">Standorte: {other.locationLabels}</Text>
      </Paper>
    </Stack>
  );
}

export interface SpecialAppointmentFormModalProps {
  opened: boolean;
  /** The appointment to edit, or null for a new one. */
  appointment: SpecialAppointment | null;
  onClose: () => void;
  /** After a successful save (the modal closes itself through onClose as well). */
  onSaved: () => void;
}

/**
 * Modal 'Sondertermin' in new or edit mode. Saving checks for an overlap first and asks before
 * saving over one (spec 3 §4).
 */
export function SpecialAppointmentFormModal({ opened, appointment, onClose, onSaved }: SpecialAppointmentFormModalProps) {
  const locations = useAllLocations();
  const save = useSaveSpecialAppointment();
  const [checking, setChecking] = useState(false);
  const { form, values, message, invalid, refused } = useCheckedForm<Values>({
    initialValues: toValues(appointment),
    validate: zodResolver(ZSpecialAppointmentRequest, (v: Values) => ({ locationSpecialAppointment: bodyOf(appointment, v) })),
    oneAtATime: true,
  });
  const set = <K extends keyof Values>(key: K, value: Values[K]) => form.setFieldValue(key, value as never);
  const isNew = appointment === null;

  const showError = (error: unknown) => refused(error);

  function persist(input: SpecialAppointmentInput) {
    save.mutate(input, {
      onSuccess: () => {
        onSaved();
        onClose();
      },
      onError: showError,
    });
  }

  async function submit(v: Values) {
    const input = bodyOf(appointment, v);
    setChecking(true);
    try {
      const overlap = await checkSpecialAppointmentOverlap(input);
      if (overlap) {
        openConfirm({
          title: 'Terminüberschneidung',
          text: <OverlapWarning other={overlap} />,
          confirmLabel: isNew ? 'Trotzdem erstellen' : 'Trotzdem speichern',
          danger: false,
          onConfirm: () => persist(input),
        });
      } else {
        persist(input);
      }
    } catch (error) {
      showError(error);
    } finally {
      setChecking(false);
    }
  }

  const locationOptions = (locations.data ?? []).map((l) => ({ value: l.id, label: l.name }));

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={isNew ? 'Neuer Sondertermin' : 'Sondertermin bearbeiten'}
      submitLabel={isNew ? 'Erstellen' : 'Speichern'}
      onSubmit={form.onSubmit((v) => void submit(v))}
      loading={checking || save.isPending}
      error={message}
    >
      <TextInput label="Titel" value={values.info} onChange={(e) => set('info', e.currentTarget.value)} error={invalid('info')} required data-autofocus />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, xs: 6 }}>
          <DateField
            label="Datum"
            value={values.date}
            onChange={(date) =>
              // Clearing the start clears the end as well.
              form.setValues({ date, endDate: date ? values.endDate : null })
            }
            error={invalid('date')}
            clearable
            required
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6 }}>
          <DateField
            label="Bis"
            value={values.endDate}
            onChange={(endDate) => set('endDate', endDate)}
            minDate={values.date ?? undefined}
            disabled={!values.date}
            error={invalid('endDate')}
            clearable
          />
        </Grid.Col>
      </Grid>
      <MultiSelect
        label="Standorte"
        description="Ohne Auswahl gilt der Termin für alle Standorte."
        placeholder={values.locations.length ? undefined : 'Alle'}
        data={locationOptions}
        value={values.locations}
        onChange={(ids) => set('locations', ids)}
        error={invalid('locations')}
        searchable
        clearable
        clearButtonProps={{ 'aria-label': 'Alle Standorte' }}
        hidePickedOptions
        nothingFoundMessage="Kein Standort gefunden"
        comboboxProps={{ withinPortal: true }}
      />
    </FormModal>
  );
}
