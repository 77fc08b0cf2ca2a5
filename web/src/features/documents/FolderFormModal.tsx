import { MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { FOLDER_MAX_DEPTH, ZFolderRequest } from '@filialportal/core/documents';
import { zodResolver } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { useTeams } from '../../shell-api/lookups.ts';
import { useFolderTree, useSaveFolder, type Folder, type FolderBody } from './documents.api.ts';

type Values = FolderBody & Required<Pick<FolderBody, 'name' | 'parent' | 'teams' | 'teamsUpload'>>;

/** The groups as choices: their German labels. */
export function useTeamChoices() {
  const teams = useTeams();
  return (teams.data ?? []).map((t) => ({ value: t.id, label: t.label }));
}

/** The folders a folder or document may go to, indented by depth; `exclude` and what lies below it are left out. */
export function useFolderChoices(opts: { exclude?: string; forFolder: boolean }) {
  const tree = useFolderTree();
  const rows = tree.data ?? [];
  const hidden = new Set<string>(opts.exclude ? [opts.exclude] : []);
  // Tree order puts descendants after their folder: one pass finds them.
  for (const f of rows) if (f.parent && hidden.has(f.parent)) hidden.add(f.id);
  return rows
    .filter((f) => !hidden.has(f.id) && f.mayUpload && (!opts.forFolder || f.depth < FOLDER_MAX_DEPTH))
    .map((f) => ({ value: f.id, label: `${'\u2003'.repeat(f.depth - 1)}${f.name}` }));
}

/**
 * 'Neuer Ordner' / 'Ordner bearbeiten': name ('Name darf nicht leer sein.'), place, read groups
 * and upload groups (none: everyone who sees it or may upload).
 */
export function FolderFormModal({ folder, parent, onClose }: { folder: Folder | null; parent: { id: string } | null; onClose: () => void }) {
  const save = useSaveFolder();
  const teams = useTeamChoices();
  const places = useFolderChoices({ exclude: folder?.id, forFolder: true });
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
        <Select label="Liegt in" placeholder="Dokumente (oberste Ebene)" data={places} {...form.getInputProps('parent')} clearable searchable />
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
