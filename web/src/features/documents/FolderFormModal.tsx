import { MultiSelect, Stack, TextInput } from '@mantine/core';
import { ZFolderRequest } from '@filialportal/core/documents';
import { zodResolver } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { useTeams } from '../../shell-api/lookups.ts';
import { useSaveFolder, type Folder, type FolderBody } from './documents.api.ts';
import { FolderPicker } from './FolderPicker.tsx';

type Values = FolderBody & Required<Pick<FolderBody, 'name' | 'parent' | 'teams' | 'teamsUpload'>>;

/** The groups as choices: their German labels. */
export function useTeamChoices() {
  const teams = useTeams();
  return (teams.data ?? []).map((t) => ({ value: t.id, label: t.label }));
}

/**
 * 'Neuer Ordner' / 'Ordner bearbeiten': name ('Name darf nicht leer sein.'), place, read groups
 * and upload groups (none: everyone who sees it or may upload).
 */
export function FolderFormModal({ folder, parent, onClose }: { folder: Folder | null; parent: { id: string } | null; onClose: () => void }) {
  const save = useSaveFolder();
  const teams = useTeamChoices();
  const { form, message, refused } = useCheckedForm<Values>({
    initialValues: {
      __identity: folder?.id,
      name: folder?.name ?? '',
      parent: folder ? folder.parent : (parent?.id ?? null),
      teams: folder?.teams ?? [],
      teamsUpload: folder?.teamsUpload ?? [],
    },
    validate: zodResolver(ZFolderRequest, (v: Values) => ({ folder: v })),
    oneAtATime: true,
    messagesUnder: ['name'],
  });
  const submit = form.onSubmit((v) => save.mutate(v, { onSuccess: onClose, onError: (e) => refused(e) }));
  return (
    <FormModal
      opened
      onClose={onClose}
      title={folder ? 'Ordner bearbeiten' : 'Neuer Ordner'}
      submitLabel={folder ? 'Speichern' : 'Erstellen'}
      onSubmit={submit}
      loading={save.isPending}
      error={message}
      size="lg"
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          {...form.getInputProps('name')}
          data-autofocus
        />
        <FolderPicker label="Liegt in" placeholder="Dokumente (oberste Ebene)" {...form.getInputProps('parent')} clearable forFolder exclude={folder?.id} />
        <MultiSelect
          label="Lesegruppen"
          description="Leer: alle, die den übergeordneten Ordner sehen. Untergruppen einer Gruppe sehen mit."
          placeholder="Alle"
          data={teams}
          {...form.getInputProps('teams')}
          searchable
          clearable
        />
        <MultiSelect
          label="Upload-Gruppen"
          description="Leer: alle, die Dokumente erstellen dürfen."
          placeholder="Alle"
          data={teams}
          {...form.getInputProps('teamsUpload')}
          searchable
          clearable
        />
      </Stack>
    </FormModal>
  );
}
