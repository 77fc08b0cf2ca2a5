import { useState } from 'react';
import { ColorInput, TextInput } from '@mantine/core';
import { errorMessage, isSessionLost } from '../../api/client.ts';
import { firstProblem, type FormProblem } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import type { NamedListConfig } from './list-configs.ts';
import { useSaveNamedEntry, type NamedEntry, type NamedEntryValues } from './lists.api.ts';

/** Light label colours that keep dark text readable. */
const SWATCHES = ['#ffc9c9', '#fcc2d7', '#eebefa', '#d0bfff', '#bac8ff', '#a5d8ff', '#99e9f2', '#96f2d7', '#b2f2bb', '#d8f5a2', '#ffec99', '#ffd8a8'];

export interface NamedEntryModalProps {
  config: NamedListConfig;
  opened: boolean;
  /** The entry to edit, or null for a new one. */
  entry: NamedEntry | null;
  onClose: () => void;
}

/** New/edit modal of a name-only list (with a colour for colour labels). */
export function NamedEntryModal({ config, opened, entry, onClose }: NamedEntryModalProps) {
  const save = useSaveNamedEntry(config);
  const [values, setValues] = useState<NamedEntryValues>(() => ({ name: entry?.name ?? '', hex: entry?.hex ?? '' }));
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const invalid = (field: keyof NamedEntryValues) => (problem?.fields.includes(field) ? true : undefined);

  function submit() {
    const trimmed = { name: values.name.trim(), hex: values.hex.trim().toLowerCase() };
    const failed = firstProblem(config.schema, config.body(trimmed));
    if (failed) {
      setProblem(failed);
      return;
    }
    setProblem(null);
    save.mutate(
      { id: entry?.id ?? null, values: trimmed },
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
      title={entry ? `${config.kind} bearbeiten` : config.createLabel}
      submitLabel={entry ? 'Speichern' : 'Erstellen'}
      onSubmit={submit}
      loading={save.isPending}
      error={problem?.message}
    >
      <TextInput
        label="Name"
        value={values.name}
        onChange={(e) => {
          const name = e.currentTarget.value;
          setValues((v) => ({ ...v, name }));
        }}
        error={invalid('name')}
        maxLength={100}
        required
        data-autofocus
      />
      {config.withColor && (
        <ColorInput
          label="Farbe"
          placeholder="#rrggbb"
          format="hex"
          swatches={SWATCHES}
          swatchesPerRow={6}
          value={values.hex}
          onChange={(hex) => setValues((v) => ({ ...v, hex }))}
          error={invalid('hex')}
          eyeDropperButtonProps={{ 'aria-label': 'Farbe vom Bildschirm übernehmen' }}
          required
        />
      )}
    </FormModal>
  );
}
