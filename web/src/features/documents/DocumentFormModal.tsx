import { MultiSelect, Stack, TextInput } from '@mantine/core';
import { ZDocumentRequest } from '@filialportal/core/documents';
import { zodResolver } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { useSaveDocument, type DocumentBody, type LibraryDocument } from './documents.api.ts';
import { useTeamChoices } from './FolderFormModal.tsx';
import { FolderPicker } from './FolderPicker.tsx';

type Values = Required<Pick<DocumentBody, '__identity' | 'name' | 'parent' | 'teams'>>;

/** 'Dokument bearbeiten': name, folder and read groups of a stored document. */
export function DocumentFormModal({ document, onClose }: { document: LibraryDocument; onClose: () => void }) {
  const save = useSaveDocument();
  const teams = useTeamChoices();
  const { form, values, message, refused } = useCheckedForm<Values>({
    initialValues: { __identity: document.id, name: document.name, parent: document.parent, teams: document.teams },
    validate: zodResolver(ZDocumentRequest, (v: Values) => ({ document: v })),
    oneAtATime: true,
    messagesUnder: ['name'],
  });
  const submit = form.onSubmit((v) => save.mutate(v, { onSuccess: onClose, onError: (e) => refused(e) }));
  return (
    <FormModal opened onClose={onClose} title="Dokument bearbeiten" submitLabel="Speichern" onSubmit={submit} loading={save.isPending} error={message} size="lg">
      <Stack gap="sm">
        <TextInput label="Name" required {...form.getInputProps('name')} data-autofocus />
        <FolderPicker label="Ordner" placeholder="Bitte wählen" required value={values.parent} onChange={(v) => v && form.setFieldValue('parent', v)} error={form.errors.parent} forFolder={false} />
        <MultiSelect label="Lesegruppen" description="Leer: alle, die den Ordner sehen." placeholder="Alle" data={teams} {...form.getInputProps('teams')} searchable clearable />
      </Stack>
    </FormModal>
  );
}
