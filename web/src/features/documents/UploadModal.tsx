import { useState } from 'react';
import { Button, FileButton, Group, MultiSelect, Progress, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { formatFileSize } from '@filialportal/core/assortment';
import { chosenDocumentsProblem, DOCUMENT_EXTENSIONS, DOCUMENT_MAX_BYTES, documentFileFits, namesTakenQuestion, ZDocumentUploadQuery, type ZDocumentNamesRequest, type ZDocumentNamesResponse } from '@filialportal/core/documents';
import { MSG } from '@filialportal/core/messages';
import type { Wire } from '@filialportal/core/wire';
import type { z } from 'zod';
import { api, errorMessage, query, uploadFile } from '../../api/client.ts';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { zodResolver } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { useInvalidateLibrary } from './documents.api.ts';
import { useTeamChoices } from './FolderFormModal.tsx';
import { FolderPicker } from './FolderPicker.tsx';

type Item = { file: File; share: number; state: 'waiting' | 'sending' | 'done' | 'failed'; message?: string };
type Values = { parent: string | null; newFolderName: string; teams: string[] };

/** The files still to send: new ones and those refused before. */
const waitingOf = (items: readonly Item[]) => items.filter((i) => i.state === 'waiting' || i.state === 'failed');

/** The query of POST /document for a file ('' when none is chosen: the request then names that first). */
const queryOf = (v: Values, name: string) => ({ parent: v.parent ?? '', newFolderName: v.newFolderName.trim(), name, teams: v.teams.join(',') });

/**
 * 'Dokumente hochladen': several .pdf/.docx/.xlsx files into a folder or a new folder in it, with
 * read groups; each file streams up with its progress, one after the other. A refused file keeps
 * its message; the others still go.
 */
export function UploadModal({ folder, onClose, onDone }: { folder: { id: string; mayUpload: boolean } | null; onClose: () => void; onDone: (folderId: string) => void }) {
  const teams = useTeamChoices();
  const refresh = useInvalidateLibrary();
  const [items, setItems] = useState<Item[]>([]);
  const [busy, setBusy] = useState(false);
  // Every file goes up with the same query; the first one's stands for all in the check.
  const { form, values, message, fail } = useCheckedForm<Values>({
    initialValues: { parent: folder?.mayUpload ? folder.id : null, newFolderName: '', teams: [] },
    validate: zodResolver(ZDocumentUploadQuery, (v: Values) => queryOf(v, waitingOf(items)[0]?.file.name ?? '')),
    oneAtATime: true,
  });
  const { parent, newFolderName } = values;

  const add = (files: File[]) => {
    const wrong = chosenDocumentsProblem(files);
    if (wrong) fail(wrong);
    else form.clearErrors();
    setItems((old) => [...old.filter((i) => i.state !== 'done'), ...files.filter(documentFileFits).map((file) => ({ file, share: 0, state: 'waiting' as const }))]);
  };
  const patch = (file: File, change: Partial<Item>) => setItems((old) => old.map((i) => (i.file === file ? { ...i, ...change } : i)));

  const submit = async () => {
    const waiting = waitingOf(items);
    // A second file of the same name in the folder is asked about first.
    setBusy(true);
    let taken: string[];
    try {
      const body: z.input<typeof ZDocumentNamesRequest> = { parent, newFolderName: newFolderName.trim(), names: waiting.map((i) => i.file.name) };
      taken = (await api<Wire<typeof ZDocumentNamesResponse>>('/api/document/names', { method: 'POST', body })).taken;
    } catch (e) {
      setBusy(false);
      return fail(errorMessage(e));
    }
    setBusy(false);
    if (taken.length === 0) return send(waiting);
    openConfirm({ title: 'Datei schon vorhanden', text: namesTakenQuestion(taken), confirmLabel: 'Trotzdem hochladen', danger: false, onConfirm: () => void send(waiting) });
  };

  const send = async (waiting: Item[]) => {
    setBusy(true);
    let target: string | null = null;
    let failed = false;
    for (const item of waiting) {
      patch(item.file, { state: 'sending', share: 0, message: undefined });
      try {
        const path = `/api/document${query(queryOf(values, item.file.name))}`;
        const res = await uploadFile<{ folder: string }>(path, item.file, (share) => patch(item.file, { share }));
        target = res.folder;
        patch(item.file, { state: 'done', share: 1 });
      } catch (e) {
        failed = true;
        patch(item.file, { state: 'failed', message: errorMessage(e) });
      }
    }
    setBusy(false);
    void refresh();
    if (!failed && target) {
      onDone(target);
      onClose();
    }
  };

  return (
    <FormModal opened onClose={onClose} title="Dokumente hochladen" submitLabel="Hochladen" onSubmit={form.onSubmit(() => void submit())} loading={busy} error={message} size="lg" fullScreenOnPhone>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(', ')} · höchstens {formatFileSize(DOCUMENT_MAX_BYTES)} je Datei
          </Text>
          <FileButton multiple accept={DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',')} onChange={add}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconFilePlus size={16} />} disabled={busy}>
                Dateien wählen
              </Button>
            )}
          </FileButton>
        </Group>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="sm">
            Noch keine Datei gewählt.
          </Text>
        ) : (
          items.map((i) => (
            <Stack key={`${i.file.name}-${i.file.size}-${i.file.lastModified}`} gap={2}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" truncate>
                  {i.file.name}
                </Text>
                <Text size="xs" c={i.state === 'failed' ? 'red' : 'dimmed'}>
                  {formatFileSize(i.file.size)} · {i.state === 'done' ? 'gespeichert' : i.state === 'failed' ? 'nicht gespeichert' : MSG.fileNotSaved}
                </Text>
              </Group>
              {i.state === 'sending' && <Progress value={i.share * 100} size="sm" animated aria-label={`${i.file.name}: ${Math.round(i.share * 100)} % hochgeladen`} />}
              {i.message && (
                <Text size="xs" c="red">
                  {i.message}
                </Text>
              )}
            </Stack>
          ))
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FolderPicker label="Verzeichnis" placeholder="Bitte wählen" {...form.getInputProps('parent')} clearable forFolder={false} />
          <TextInput label="Neuer Ordner (darin)" placeholder="Name des neuen Ordners" {...form.getInputProps('newFolderName')} />
        </SimpleGrid>
        <MultiSelect label="Lesegruppen" description="Leer: alle, die den Ordner sehen." placeholder="Alle" data={teams} {...form.getInputProps('teams')} searchable clearable />
      </Stack>
    </FormModal>
  );
}
