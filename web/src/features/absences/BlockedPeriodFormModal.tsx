import { Grid, Select, TextInput } from '@mantine/core';
import { ALL_LOCATIONS_LABEL, BLOCKED_REASON_MAX, ZBlockedPeriodRequest } from '@filialportal/core/blocked-periods';
import { useCan, useCurrentUser } from '../../shell-api/current-user.tsx';
import { useAllLocations } from '../../shell-api/lookups.ts';
import { DateField } from '../../ui/DateField.tsx';
import { zodResolver } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { useSaveBlockedPeriod, type BlockedPeriod, type BlockedPeriodInput } from './blocked-periods.api.ts';

interface Values {
  startDate: string | null;
  endDate: string | null;
  /** '' for all locations. */
  locationId: string;
  reason: string;
}

const ALL = '';
const bodyOf = (v: Values): BlockedPeriodInput => ({ startDate: v.startDate ?? '', endDate: v.endDate || v.startDate || '', locationId: v.locationId || null, reason: v.reason });

/**
 * Modal 'Urlaubssperre': period, location (HR may choose all locations, a location's management
 * only its own) and the reason the refusal of a request names.
 */
export function BlockedPeriodFormModal({ opened, entry, onClose }: { opened: boolean; entry: BlockedPeriod | null; onClose: () => void }) {
  const user = useCurrentUser();
  const hr = useCan()('urlaub_von_allen_sehen_und_bearbeiten');
  const locations = useAllLocations();
  const save = useSaveBlockedPeriod();
  const { form, values, message, invalid, refused } = useCheckedForm<Values>({
    initialValues: entry
      ? { startDate: entry.startDate, endDate: entry.endDate, locationId: entry.locationId ?? ALL, reason: entry.reason }
      : { startDate: null, endDate: null, locationId: hr ? ALL : (user.location?.id ?? ''), reason: '' },
    validate: zodResolver(ZBlockedPeriodRequest, (v: Values) => ({ blockedPeriod: bodyOf(v) })),
    oneAtATime: true,
  });
  const options = [
    ...(hr ? [{ value: ALL, label: ALL_LOCATIONS_LABEL }] : []),
    ...(locations.data ?? []).filter((l) => hr || l.id === (user.location?.id ?? '')).map((l) => ({ value: l.id, label: l.name })),
  ];
  const isNew = entry === null;
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={isNew ? 'Neue Urlaubssperre' : 'Urlaubssperre bearbeiten'}
      submitLabel={isNew ? 'Erstellen' : 'Speichern'}
      onSubmit={form.onSubmit((v) => save.mutate({ id: entry?.id ?? null, input: bodyOf(v) }, { onSuccess: onClose, onError: (error) => refused(error) }))}
      loading={save.isPending}
      error={message}
    >
      <TextInput
        label="Grund"
        placeholder="z. B. Inventur"
        maxLength={BLOCKED_REASON_MAX}
        value={values.reason}
        onChange={(e) => form.setFieldValue('reason', e.currentTarget.value)}
        error={invalid('reason')}
        required
        data-autofocus
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, xs: 6 }}>
          <DateField label="Von" value={values.startDate} onChange={(startDate) => form.setValues({ startDate, endDate: startDate && values.endDate && values.endDate < startDate ? startDate : values.endDate })} error={invalid('startDate')} clearable required />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6 }}>
          <DateField label="Bis" value={values.endDate} onChange={(endDate) => form.setFieldValue('endDate', endDate)} minDate={values.startDate ?? undefined} error={invalid('endDate')} clearable required />
        </Grid.Col>
      </Grid>
      <Select
        label="Standort"
        data={options}
        value={values.locationId}
        onChange={(v) => form.setFieldValue('locationId', v ?? ALL)}
        allowDeselect={false}
        error={invalid('locationId')}
        comboboxProps={{ withinPortal: true }}
      />
    </FormModal>
  );
}
