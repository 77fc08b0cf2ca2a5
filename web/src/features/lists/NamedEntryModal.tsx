import { ColorInput, TextInput } from '@mantine/core';
import { LIST_NAME_MAX } from '@filialportal/core/lists';
import { zodResolver } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
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

const trimmed = (v: NamedEntryValues): NamedEntryValues => ({ name: v.name.trim(), hex: v.hex.trim().toLowerCase() });

/** New/edit modal of a name-only list (with a colour for colour labels). */
export function NamedEntryModal({ config, opened, entry, onClose }: NamedEntryModalProps) {
  const save = useSaveNamedEntry(config);
  const { form, message, refused } = useCheckedForm<NamedEntryValues>({
    initialValues: { name: entry?.name ?? '', hex: entry?.hex ?? '' },
    validate: zodResolver(config.schema, (v: NamedEntryValues) => config.body(trimmed(v))),
  });

  const submit = (values: NamedEntryValues) =>
    save.mutate({ id: entry?.id ?? null, values: trimmed(values) }, { onSuccess: onClose, onError: (error) => refused(error) });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={entry ? `${config.kind} bearbeiten` : config.createLabel}
      submitLabel={entry ? 'Speichern' : 'Erstellen'}
      onSubmit={form.onSubmit(submit)}
      loading={save.isPending}
      error={message}
    >
      <TextInput label="Name" {...form.getInputProps('name')} maxLength={LIST_NAME_MAX} required data-autofocus />
      {config.withColor && (
        <ColorInput
          label="Farbe"
          placeholder="#rrggbb"
          format="hex"
          swatches={SWATCHES}
          swatchesPerRow={6}
          {...form.getInputProps('hex')}
          eyeDropperButtonProps={{ 'aria-label': 'Farbe vom Bildschirm übernehmen' }}
          required
        />
      )}
    </FormModal>
  );
}
