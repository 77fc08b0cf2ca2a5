import { useState } from 'react';
import { Grid, NumberInput, Select, Switch, TextInput } from '@mantine/core';
import { parseIpList, REGIONS, ZLocationFields } from '@filialportal/core/locations';
import { errorMessage, isSessionLost } from '../../api/client.ts';
import { firstProblem, type FormProblem } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { useSaveLocation, type Location } from './locations.api.ts';

interface Values {
  name: string;
  shortName: string;
  street: string;
  zip: string;
  city: string;
  region: string | null;
  ip: string;
  position: number | string;
  hideInSortiment: boolean;
}

const EMPTY: Values = { name: '', shortName: '', street: '', zip: '', city: '', region: null, ip: '', position: '', hideInSortiment: false };

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
  };
}

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
  const [values, setValues] = useState<Values>(() => toValues(location));
  const [problem, setProblem] = useState<FormProblem | null>(null);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const invalid = (field: keyof Values) => (problem?.fields.includes(field) ? true : undefined);

  function submit() {
    const failed = firstProblem(ZLocationFields, values);
    if (failed) {
      setProblem(failed);
      return;
    }
    setProblem(null);
    save.mutate(
      {
        id: location?.id ?? null,
        location: {
          name: values.name.trim(),
          shortName: values.shortName.trim(),
          street: values.street.trim(),
          zip: values.zip.trim(),
          city: values.city.trim(),
          region: values.region ?? '',
          ip: parseIpList(values.ip).join(', '),
          position: Number(values.position),
          hideInSortiment: values.hideInSortiment,
        },
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (!isSessionLost(error)) setProblem({ message: errorMessage(error), fields: [] });
        },
      },
    );
  }

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={location ? 'Standort bearbeiten' : 'Neuer Standort'}
      submitLabel={location ? 'Speichern' : 'Erstellen'}
      onSubmit={submit}
      loading={save.isPending}
      error={problem?.message}
      size="lg"
    >
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput label="Name" value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={invalid('name')} required data-autofocus />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label="Kürzel" value={values.shortName} onChange={(e) => set('shortName', e.currentTarget.value)} error={invalid('shortName')} maxLength={20} />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput label="Straße" value={values.street} onChange={(e) => set('street', e.currentTarget.value)} error={invalid('street')} required />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label="PLZ" value={values.zip} onChange={(e) => set('zip', e.currentTarget.value)} error={invalid('zip')} inputMode="numeric" required />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput label="Ort" value={values.city} onChange={(e) => set('city', e.currentTarget.value)} error={invalid('city')} required />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Select
            label="Bundesland"
            placeholder="Bundesland wählen"
            data={REGION_OPTIONS}
            value={values.region}
            onChange={(v) => set('region', v)}
            error={invalid('region')}
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
            value={values.position}
            onChange={(v) => set('position', v)}
            error={invalid('position')}
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
            value={values.ip}
            onChange={(e) => set('ip', e.currentTarget.value)}
            error={invalid('ip')}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            required
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Switch
            label="Im Sortiment ausblenden"
            checked={values.hideInSortiment}
            onChange={(e) => set('hideInSortiment', e.currentTarget.checked)}
          />
        </Grid.Col>
      </Grid>
    </FormModal>
  );
}
