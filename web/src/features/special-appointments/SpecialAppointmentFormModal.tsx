import { useState } from 'react';
import { Grid, MultiSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { ZSpecialAppointmentFields } from '@filialportal/core/special-appointments';
import { errorMessage, isSessionLost } from '../../api/client.ts';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { DateField } from '../../ui/DateField.tsx';
import { firstProblem, type FormProblem } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { useAllLocations } from '../locations/locations.api.ts';
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
  const [values, setValues] = useState<Values>(() => toValues(appointment));
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [checking, setChecking] = useState(false);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const invalid = (field: keyof Values) => (problem?.fields.includes(field) ? true : undefined);
  const isNew = appointment === null;

  const showError = (error: unknown) => {
    if (!isSessionLost(error)) setProblem({ message: errorMessage(error), fields: [] });
  };

  function persist(input: SpecialAppointmentInput) {
    save.mutate(input, {
      onSuccess: () => {
        onSaved();
        onClose();
      },
      onError: showError,
    });
  }

  async function submit() {
    const raw = { id: appointment?.id, info: values.info, date: values.date ?? '', endDate: values.endDate ?? '', locations: values.locations };
    const failed = firstProblem(ZSpecialAppointmentFields, raw);
    if (failed) {
      setProblem(failed);
      return;
    }
    setProblem(null);
    const input: SpecialAppointmentInput = {
      ...(appointment ? { id: appointment.id } : {}),
      info: values.info.trim(),
      date: raw.date,
      // An empty end is the start (spec 3 §5).
      endDate: raw.endDate || raw.date,
      locations: values.locations,
    };
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
      onSubmit={() => void submit()}
      loading={checking || save.isPending}
      error={problem?.message}
    >
      <TextInput label="Titel" value={values.info} onChange={(e) => set('info', e.currentTarget.value)} error={invalid('info')} required data-autofocus />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, xs: 6 }}>
          <DateField
            label="Datum"
            value={values.date}
            onChange={(date) =>
              setValues((v) => ({
                ...v,
                date,
                // Clearing the start clears the end as well.
                endDate: date ? v.endDate : null,
              }))
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
