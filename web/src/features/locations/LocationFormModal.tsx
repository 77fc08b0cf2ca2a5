import { Grid, Input, NumberInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { LOCATION_SHORT_NAME_MAX, MIN_STAFF_DAYS, MIN_STAFF_MAX, parseIpList, REGIONS, ZLocationFields, type RegionCode } from '@filialportal/core/locations';
import { zodResolver } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { useSaveLocation, type Location } from './locations.api.ts';

type Values = {
  name: string;
  shortName: string;
  street: string;
  zip: string;
  city: string;
  region: string | null;
  ip: string;
  position: number | string;
  hideInSortiment: boolean;
  /** Monday to Saturday; '' counts as 0. */
  minStaff: (number | string)[];
};

const EMPTY: Values = { name: '', shortName: '', street: '', zip: '', city: '', region: null, ip: '', position: '', hideInSortiment: false, minStaff: [0, 0, 0, 0, 0, 0] };

function toValues(l: Location | null): Values {
  if (!l) return EMPTY;
  return {
    name: l.name,
    shortName: l.shortName ?? '',
    street: l.street,
    zip: l.zip,
    city: l.city,
    region: l.region,
    ip: parseIpList(l.ip).join(', '),
    position: l.position,
    hideInSortiment: l.hideInSortiment,
    minStaff: l.minStaff.length === 6 ? l.minStaff : [0, 0, 0, 0, 0, 0],
  };
}

const WEEKDAY_NAMES = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'];
const REGION_OPTIONS = REGIONS.map((r) => ({ value: r.code, label: r.label }));

export interface LocationFormModalProps {
  opened: boolean;
  /** The location to edit, or null for a new one. */
  location: Location | null;
  onClose: () => void;
}

/** Modal 'Standort' in new or edit mode (spec 3 §5 Location: every field but the short name required). */
export function LocationFormModal({ opened, location, onClose }: LocationFormModalProps) {
  const save = useSaveLocation();
  const { form, message, refused } = useCheckedForm<Values>({ initialValues: toValues(location), validate: zodResolver(ZLocationFields) });

  const submit = (values: Values) =>
    save.mutate(
      {
        id: location?.id ?? null,
        location: {
          name: values.name.trim(),
          shortName: values.shortName.trim(),
          street: values.street.trim(),
          zip: values.zip.trim(),
          city: values.city.trim(),
          // The schema has checked it: one of the regions.
          region: values.region as RegionCode,
          ip: parseIpList(values.ip).join(', '),
          position: Number(values.position),
          hideInSortiment: values.hideInSortiment,
          minStaff: values.minStaff.map((n) => (n === '' ? 0 : Number(n))),
        },
      },
      { onSuccess: onClose, onError: (error) => refused(error) },
    );

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={location ? 'Standort bearbeiten' : 'Neuer Standort'}
      submitLabel={location ? 'Speichern' : 'Erstellen'}
      onSubmit={form.onSubmit(submit)}
      loading={save.isPending}
      error={message}
      size="lg"
    >
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput label="Name" {...form.getInputProps('name')} required data-autofocus />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label="Kürzel" {...form.getInputProps('shortName')} maxLength={LOCATION_SHORT_NAME_MAX} />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput label="Straße" {...form.getInputProps('street')} required />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label="PLZ" {...form.getInputProps('zip')} inputMode="numeric" required />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput label="Ort" {...form.getInputProps('city')} required />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Select
            label="Bundesland"
            placeholder="Bundesland wählen"
            data={REGION_OPTIONS}
            {...form.getInputProps('region')}
            searchable
            checkIconPosition="right"
            required
            comboboxProps={{ withinPortal: true }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NumberInput
            label="Position"
            description="Reihenfolge im Sortiment"
            {...form.getInputProps('position')}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            required
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput
            label="IP-Adressen"
            description="Von diesen Adressen aus dürfen sich Mitarbeiter ohne externen Zugang anmelden; mehrere mit Komma trennen."
            placeholder="z. B. 192.168.1.10, 192.168.1.11"
            {...form.getInputProps('ip')}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            required
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Input.Wrapper
            label="Mindestbesetzung"
            description="Wie viele Personen an diesem Wochentag mindestens anwesend sein sollen (0: keine Vorgabe). Urlaubsanträge darunter zeigen eine Warnung, der Kalender markiert den Tag."
            error={form.errors.minStaff}
          >
            <SimpleGrid cols={{ base: 3, xs: 6 }} spacing="xs" mt={6}>
              {MIN_STAFF_DAYS.map((day, i) => (
                <NumberInput
                  key={day}
                  label={day}
                  aria-label={`Mindestbesetzung ${WEEKDAY_NAMES[i]}`}
                  min={0}
                  max={MIN_STAFF_MAX}
                  allowDecimal={false}
                  allowNegative={false}
                  {...form.getInputProps(`minStaff.${i}`)}
                />
              ))}
            </SimpleGrid>
          </Input.Wrapper>
        </Grid.Col>
        <Grid.Col span={12}>
          <Switch
            label="Im Sortiment ausblenden"
            {...form.getInputProps('hideInSortiment', { type: 'checkbox' })}
          />
        </Grid.Col>
      </Grid>
    </FormModal>
  );
}
