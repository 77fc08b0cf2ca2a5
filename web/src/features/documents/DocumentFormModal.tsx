import { useState } from 'react';
import { MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { ZDocumentRequest } from '@filialportal/core/documents';
import { errorMessage } from '../../api/client.ts';
import { firstProblem, type FormProblem } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { useSaveDocument, type DocumentBody, type LibraryDocument } from './documents.api.ts';
import { useFolderChoices, useTeamChoices } from './FolderFormModal.tsx';

/** 'Dokument bearbeiten': name, folder and read groups of a stored document. */
export function DocumentFormModal({ document, onClose }: { document: LibraryDocument; onClose: () => void }) {
  const save = useSaveDocument();
  const teams = useTeamChoices();
  const places = useFolderChoices({ forFolder: false });
  const [value, setValue] = useState<DocumentBody>({ __identity: document.id, name: document.name, parent: document.parent, teams: document.teams });
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const submit = () => {
    const check = firstProblem(ZDocumentRequest, { document: value });
    if (check) return setProblem(check);
    setProblem(null);
    save.mutate(value, { onSuccess: onClose, onError: (e) => setProblem({ fields: [], message: errorMessage(e) }) });
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      title="Dokument bearbeiten"
      submitLabel="Speichern"
      onSubmit={submit}
      loading={save.isPending}
      error={problem && problem.fields.length === 0 ? problem.message : null}
      size="lg"
    >
      <Stack gap="sm">
        <TextInput label="Name" required value={value.name} onChange={(e) => setValue({ ...value, name: e.currentTarget.value })} error={problem?.fields.includes('name') ? problem.message : undefined} data-autofocus />
        <Select label="Ordner" required data={places} value={value.parent} onChange={(v) => v && setValue({ ...value, parent: v })} searchable allowDeselect={false} />
        <MultiSelect label="Lesegruppen" description="Leer: alle, die den Ordner sehen." placeholder="Alle" data={teams} value={value.teams ?? []} onChange={(v) => setValue({ ...value, teams: v })} searchable clearable />
      </Stack>
    </FormModal>
  );
}
