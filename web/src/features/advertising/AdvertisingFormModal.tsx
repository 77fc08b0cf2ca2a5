import { useMemo, useState } from 'react';
import { Button, FileButton, Group, Progress, SimpleGrid, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import {
  ADVERTISING_ARTICLES_MAX,
  ADVERTISING_EXTENSIONS,
  ADVERTISING_FILE_MAX_BYTES,
  ADVERTISING_TITLE_MAX_LENGTH,
  ADVERTISING_VIDEO_MAX_BYTES,
  ZAdvertisingFileChoice,
  ZCreateAdvertisingQuery,
  ZUpdateAdvertisingRequest,
} from '@filialportal/core/advertising';
import { formatFileSize } from '@filialportal/core/assortment';
import { MSG } from '@filialportal/core/messages';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { DateField } from '../../ui/DateField.tsx';
import { fileProblems, zodResolver } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { useSaveAdvertising, type Advertising, type CreateAdvertisingQuery, type UpdateAdvertisingBody } from './advertising.api.ts';

interface Values {
  title: string;
  showFrom: string | null;
  dateFrom: string | null;
  dateTill: string | null;
  articles: string[];
  /** A new file: required for a new entry; it replaces the old one of an entry changed. */
  file: File | null;
}

const valuesOf = (a: Advertising | null): Values => ({
  title: a?.title ?? '',
  showFrom: a?.showFrom ?? null,
  dateFrom: a?.dateFrom ?? null,
  dateTill: a?.dateTill ?? null,
  articles: a?.articles ?? [],
  file: null,
});

const fieldsOf = (v: Values) => ({ title: v.title, showFrom: v.showFrom ?? '', dateFrom: v.dateFrom, dateTill: v.dateTill });
/** POST /advertising: the fields in the query beside the file's name (none chosen: ''). */
const createQueryOf = (v: Values): CreateAdvertisingQuery => ({ name: v.file?.name ?? '', ...fieldsOf(v), articles: v.articles.join(',') });
/** PUT /advertising: the fields of the entry. */
const updateBodyOf = (id: string, v: Values): UpdateAdvertisingBody => ({ advertising: { __identity: id, ...fieldsOf(v), articles: v.articles } });

const ACCEPT = ADVERTISING_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * 'Neue Werbung' / 'Werbung bearbeiten': the file (required for a new entry; a new one replaces
 * the old), title, 'anzeigen ab', validity and the article numbers. The upload shows its progress;
 * a refusal keeps every input; closing with changes asks first.
 */
export function AdvertisingFormModal({ advertising, onClose }: { advertising: Advertising | null; onClose: () => void }) {
  const save = useSaveAdvertising();
  const [share, setShare] = useState<number | null>(null);
  const initialValues = useMemo(() => valuesOf(advertising), [advertising]);
  // A new entry is checked as its upload's query (the file's name first), a change as its PUT.
  const { form, values, message, invalid, fail, refused } = useCheckedForm<Values>({
    initialValues,
    validate: (v) => (advertising ? zodResolver(ZUpdateAdvertisingRequest)(updateBodyOf(advertising.id, v)) : zodResolver(ZCreateAdvertisingQuery, createQueryOf, { name: ['file'] })(v)),
    oneAtATime: true,
  });
  const file = values.file;
  const dirty = JSON.stringify(values) !== JSON.stringify(initialValues) || file !== null;
  const set = <K extends keyof Values>(key: K, value: Values[K]) => form.setFieldValue(key, value as never);

  const close = () => {
    if (save.isPending) return;
    if (!dirty) return onClose();
    openConfirm({ title: MSG.discardChanges, text: ' ', confirmLabel: 'Verwerfen', onConfirm: onClose });
  };

  // A file that cannot be taken is named at once and not kept.
  const choose = (chosen: File | null) => {
    if (!chosen) return;
    const wrong = fileProblems('file', ZAdvertisingFileChoice, chosen).file;
    if (wrong) return fail(wrong, ['file']);
    form.clearErrors();
    set('file', chosen);
  };

  const submit = form.onSubmit((v) => {
    setShare(v.file ? 0 : null);
    const request = advertising ? { id: advertising.id, body: updateBodyOf(advertising.id, v), file: v.file } : { id: null, query: createQueryOf(v), file: v.file! };
    save.mutate(
      { ...request, onProgress: setShare },
      {
        onSuccess: onClose,
        onError: (e) => {
          setShare(null);
          refused(e);
        },
      },
    );
  });

  const current = file ? `${file.name} · ${formatFileSize(file.size)}` : advertising ? `${advertising.name} · ${formatFileSize(advertising.size)}` : 'Noch keine Datei gewählt.';
  return (
    <FormModal
      opened
      onClose={close}
      title={advertising ? 'Werbung bearbeiten' : 'Neue Werbung'}
      submitLabel={advertising ? 'Speichern' : 'Erstellen'}
      onSubmit={submit}
      loading={save.isPending}
      error={message}
      size="lg"
      fullScreenOnPhone
    >
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          Datei{' '}
          <Text span c="red">
            *
          </Text>
        </Text>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" c={invalid('file') ? 'red' : file ? undefined : 'dimmed'} truncate>
            {current}
          </Text>
          <FileButton accept={ACCEPT} onChange={choose}>
            {(props) => (
              <Button {...props} variant="light" color={invalid('file') ? 'red' : undefined} leftSection={<IconUpload size={16} />} disabled={save.isPending} style={{ flexShrink: 0 }}>
                {advertising || file ? 'Andere Datei' : 'Datei wählen'}
              </Button>
            )}
          </FileButton>
        </Group>
        <Text size="xs" c="dimmed">
          {ACCEPT.replaceAll(',', ', ')} · Bilder und PDF bis {formatFileSize(ADVERTISING_FILE_MAX_BYTES)}, Videos bis {formatFileSize(ADVERTISING_VIDEO_MAX_BYTES)}
        </Text>
        {share !== null && <Progress value={share * 100} size="sm" animated aria-label={`${Math.round(share * 100)} % hochgeladen`} />}
      </Stack>
      <TextInput label="Titel" withAsterisk {...form.getInputProps('title')} maxLength={ADVERTISING_TITLE_MAX_LENGTH} data-autofocus />
      <DateField label="Anzeigen ab" withAsterisk value={values.showFrom} onChange={(v) => set('showFrom', v)} error={invalid('showFrom')} clearable />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <DateField label="Gültig von" value={values.dateFrom} onChange={(v) => set('dateFrom', v)} error={invalid('dateFrom')} clearable />
        <DateField label="Gültig bis" value={values.dateTill} onChange={(v) => set('dateTill', v)} error={invalid('dateTill')} minDate={values.dateFrom ?? undefined} clearable />
      </SimpleGrid>
      <TagsInput
        label="Artikelnummern"
        description="Die Artikel der Aktion; mit Enter oder Komma trennen."
        placeholder={values.articles.length ? '' : 'z. B. LA-1002'}
        value={values.articles}
        onChange={(v) => set('articles', v)}
        splitChars={[',', ';', ' ']}
        maxTags={ADVERTISING_ARTICLES_MAX}
        error={invalid('articles') ?? invalid(String(values.articles.length - 1))}
        clearable
      />
    </FormModal>
  );
}
