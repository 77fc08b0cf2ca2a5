import { useMemo, useRef, useState } from 'react';
import { ActionIcon, Button, Group, NumberInput, Progress, Select, SimpleGrid, Stack, Table, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CATEGORY_FILE_EXTENSIONS, CATEGORY_FILE_MAX_BYTES, DEFAULT_SALES_NAMES, SALUTATIONS, ZCategoryRequest, contactHasContent, type TContactInput } from '@filialportal/core/assortment';
import { MSG } from '@filialportal/core/messages';
import { alertError } from '../../ui/alert-error.ts';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { downloadResource } from '../../ui/download.ts';
import { zodResolver } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { readAsDataUrl } from '../../ui/ImagePicker.tsx';
import { modals } from '../../ui/modals.ts';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { TechTree, type TreeActions } from './TechTree.tsx';
import { useCategories, type Category } from '../../shell-api/lookups.ts';
import { useAddFolder, useDeleteEntry, useMoveFile, useRenameFolder, useSaveCategory, useUploadFile, type CategoryFolder } from './assortment.api.ts';

type Contact = Partial<TContactInput>;
const EMPTY_CONTACT: Contact = { company: '', responsibility: '', salutation: '', firstName: '', lastName: '', email: '', phone: '' };

/** The category as the form edits it: the position as typed, contacts as entered. */
interface Values {
  name: string;
  position: number | string;
  info: string;
  link: string;
  sales1Name: string;
  sales2Name: string;
  sales3Name: string;
  contactPersons: Contact[];
}

const valuesOf = (c: Category | null): Values => ({
  name: c?.name ?? '',
  position: c?.position ?? 0,
  info: c?.info ?? '',
  link: c?.link ?? '',
  sales1Name: c?.sales1Name ?? '',
  sales2Name: c?.sales2Name ?? '',
  sales3Name: c?.sales3Name ?? '',
  contactPersons: c?.contactPersons.map((p) => ({ ...p, salutation: p.salutation as Contact['salutation'] })) ?? [],
});

/**
 * 'Neues Sortiment anlegen' / 'Sortiment "{name}" bearbeiten' (spec 2 §2): tabs Allgemein,
 * Technische Daten (after the first save) and Ansprechpartner. Tree actions are saved at once;
 * the fields with the submit button. Cancelling with unsaved changes asks first.
 */
export function CategoryFormModal({ category, opened, onClose }: { category: Category | null; opened: boolean; onClose: () => void }) {
  const initialValues = useMemo(() => valuesOf(category), [category]);
  const [draft, setDraft] = useState<Contact>(EMPTY_CONTACT);
  const save = useSaveCategory();
  // Name, position and link show their problem under themselves; a contact's stands above the buttons.
  const { form, values: body, message, fieldError, refused } = useCheckedForm<Values>({
    initialValues,
    validate: zodResolver(ZCategoryRequest, (category: Values) => ({ category })),
    oneAtATime: true,
    messagesUnder: ['name', 'position', 'link'],
  });
  const set = <K extends keyof Values>(key: K, value: Values[K]) => form.setFieldValue(key, value as never);
  const dirty = JSON.stringify(body) !== JSON.stringify(initialValues) || contactHasContent(draft);

  const close = () => {
    if (!dirty) return onClose();
    openConfirm({ title: MSG.discardChanges, text: ' ', confirmLabel: 'Verwerfen', onConfirm: onClose });
  };

  const submit = form.onSubmit((values) => save.mutate({ id: category?.id ?? null, body: values }, { onSuccess: onClose, onError: (e) => refused(e) }));

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={category ? `Sortiment "${category.name}" bearbeiten` : 'Neues Sortiment anlegen'}
      submitLabel={category ? 'Änderungen speichern' : 'Sortiment anlegen'}
      onSubmit={submit}
      loading={save.isPending}
      error={message}
      size="xl"
    >
      <Tabs defaultValue="general" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="general">Allgemein</Tabs.Tab>
          <Tabs.Tab value="files">Technische Daten</Tabs.Tab>
          <Tabs.Tab value="contacts">Ansprechpartner</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="general">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Name" required value={body.name} onChange={(e) => set('name', e.currentTarget.value)} error={fieldError('name')} data-autofocus />
              <NumberInput label="Position in der Liste" value={body.position} onChange={(v) => set('position', v)} allowDecimal={false} error={fieldError('position')} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {([1, 2, 3] as const).map((n) => (
                <TextInput key={n} label={`Name Abverkauf Spalte ${n}`} placeholder={DEFAULT_SALES_NAMES[n - 1]} value={body[`sales${n}Name`]} onChange={(e) => set(`sales${n}Name`, e.currentTarget.value)} />
              ))}
            </SimpleGrid>
            <TextInput
              label="Eigener Link für „Zum Bestand“"
              description="Leer lassen, um die Bestandsseite des Sortiments zu öffnen."
              placeholder="https://"
              value={body.link}
              onChange={(e) => set('link', e.currentTarget.value)}
              error={fieldError('link')}
            />
            <Textarea label="Allgemeine Informationen" autosize minRows={3} maxRows={10} value={body.info} onChange={(e) => set('info', e.currentTarget.value)} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="files">{category ? <TechDataEditor categoryId={category.id} /> : <Text c="dimmed">{MSG.categorySaveFirst}</Text>}</Tabs.Panel>
        <Tabs.Panel value="contacts">
          <Contacts list={body.contactPersons} onChange={(list) => set('contactPersons', list)} draft={draft} setDraft={setDraft} />
        </Tabs.Panel>
      </Tabs>
    </FormModal>
  );
}

function Contacts({ list, onChange, draft, setDraft }: { list: Contact[]; onChange: (l: Contact[]) => void; draft: Contact; setDraft: (c: Contact) => void }) {
  const field = (key: keyof TContactInput, label: string, c: Contact, update: (c: Contact) => void) =>
    key === 'salutation' ? (
      <Select aria-label={label} placeholder={label} data={[...SALUTATIONS]} value={c.salutation || null} onChange={(v) => update({ ...c, salutation: (v ?? '') as Contact['salutation'] })} clearable size="xs" />
    ) : (
      <TextInput aria-label={label} placeholder={label} value={(c[key] as string) ?? ''} onChange={(e) => update({ ...c, [key]: e.currentTarget.value })} size="xs" />
    );
  const COLUMNS: [keyof TContactInput, string][] = [
    ['company', 'Lieferant'],
    ['responsibility', 'Zuständigkeit'],
    ['salutation', 'Anrede'],
    ['firstName', 'Vorname'],
    ['lastName', 'Nachname'],
    ['email', 'E-Mail'],
    ['phone', 'Telefon'],
  ];
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map(([, label]) => (
              <Table.Th key={label}>{label}</Table.Th>
            ))}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((c, i) => (
            <Table.Tr key={c.id ?? `neu-${i}`}>
              {COLUMNS.map(([key, label]) => (
                <Table.Td key={key}>{field(key, label, c, (next) => onChange(list.map((x, j) => (j === i ? next : x))))}</Table.Td>
              ))}
              <Table.Td>
                <ActionIcon variant="subtle" color="red" aria-label="Kontakt entfernen" onClick={() => onChange(list.filter((_, j) => j !== i))}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            {COLUMNS.map(([key, label]) => (
              <Table.Td key={key}>{field(key, label, draft, setDraft)}</Table.Td>
            ))}
            <Table.Td />
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" mt="xs">
        <Button
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={!contactHasContent(draft)}
          onClick={() => {
            onChange([...list, draft]);
            setDraft(EMPTY_CONTACT);
          }}
        >
          Kontakt hinzufügen
        </Button>
      </Group>
    </Table.ScrollContainer>
  );
}

/** The technical-data tree with its actions; every action is saved at once. */
function TechDataEditor({ categoryId }: { categoryId: string }) {
  const categories = useCategories();
  const category = categories.data?.find((c) => c.id === categoryId);
  const addFolder = useAddFolder();
  const rename = useRenameFolder();
  const remove = useDeleteEntry();
  const move = useMoveFile();
  const upload = useUploadFile();
  const [cutFile, setCutFile] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const target = useRef<CategoryFolder | null>(null);
  if (!category) return null;

  const askName = (title: string, initial: string, done: (name: string) => void) => {
    let value = initial;
    const id = modals.open({
      title,
      centered: true,
      children: (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            modals.close(id);
            done(value);
          }}
        >
          <Stack>
            <TextInput label="Name" defaultValue={initial} onChange={(e) => (value = e.currentTarget.value)} data-autofocus />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => modals.close(id)}>
                Abbrechen
              </Button>
              <Button type="submit">Speichern</Button>
            </Group>
          </Stack>
        </form>
      ),
    });
  };

  const actions: TreeActions = {
    cutFile,
    newFolder: (parent) => askName('Neuer Ordner', '', (name) => addFolder.mutate({ categoryId, parentId: parent?.id ?? null, name }, { onError: alertError })),
    rename: (folder) => askName('Ordner umbenennen', folder.name, (name) => rename.mutate({ id: folder.id, name }, { onError: alertError })),
    removeFolder: (folder) => openConfirm({ onConfirm: () => remove.mutate({ type: 'folder', id: folder.id }, { onError: alertError }) }),
    removeFile: (file) => openConfirm({ onConfirm: () => remove.mutate({ type: 'file', id: file.id }, { onError: alertError }) }),
    cut: (file) => setCutFile(file.id),
    paste: (folder) => {
      if (!cutFile) return;
      move.mutate({ fileId: cutFile, folderId: folder?.id ?? null }, { onError: alertError, onSettled: () => setCutFile(null) });
    },
    upload: (folder) => {
      target.current = folder;
      input.current?.click();
    },
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > CATEGORY_FILE_MAX_BYTES) return alertError(new Error(MSG.categoryFileTooLarge));
    setProgress(0);
    try {
      await upload.mutateAsync({ categoryId, folderId: target.current?.id ?? null, name: file.name, data: await readAsDataUrl(file), onProgress: setProgress });
    } catch (e) {
      alertError(e);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Stack gap="xs">
      <input
        ref={input}
        type="file"
        hidden
        aria-label="Datei der technischen Daten"
        accept={CATEGORY_FILE_EXTENSIONS.map((e) => `.${e}`).join(',')}
        onChange={(e) => void onFile(e.currentTarget.files?.[0])}
      />
      {progress !== null && <Progress value={progress * 100} animated aria-label="Hochladen" />}
      <TechTree category={category} actions={actions} onDownload={(f) => void downloadResource(`/api/categoryfile/${f.id}`, f.name)} />
    </Stack>
  );
}
