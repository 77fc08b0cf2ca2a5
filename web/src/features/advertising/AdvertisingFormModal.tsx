import { useMemo, useState } from 'react';
import { Button, FileButton, Group, Progress, SimpleGrid, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import {
  ADVERTISING_ARTICLES_MAX,
  ADVERTISING_EXTENSIONS,
  ADVERTISING_FILE_MAX_BYTES,
  ADVERTISING_VIDEO_MAX_BYTES,
  advertisingExtension,
  isAdvertisingVideo,
  ZAdvertisingFields,
  type TAdvertisingFields,
} from '@filialportal/core/advertising';
import { formatFileSize } from '@filialportal/core/assortment';
import { MSG } from '@filialportal/core/messages';
import { errorMessage, isSessionLost } from '../../api/client.ts';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { DateField } from '../../ui/DateField.tsx';
import { firstProblem, type FormProblem } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { useSaveAdvertising, type Advertising } from './advertising.api.ts';

interface Values {
  title: string;
  showFrom: string | null;
  dateFrom: string | null;
  dateTill: string | null;
  articles: string[];
}

const valuesOf = (a: Advertising | null): Values => ({
  title: a?.title ?? '',
  showFrom: a?.showFrom ?? null,
  dateFrom: a?.dateFrom ?? null,
  dateTill: a?.dateTill ?? null,
  articles: a?.articles ?? [],
});

const ACCEPT = ADVERTISING_EXTENSIONS.map((e) => `.${e}`).join(',');

/** Why a chosen file cannot be taken, or null. */
function fileProblem(file: File): string | null {
  const ext = advertisingExtension(file.name);
  if (!ext) return MSG.advertisingFileType;
  if (file.size > (isAdvertisingVideo(ext) ? ADVERTISING_VIDEO_MAX_BYTES : ADVERTISING_FILE_MAX_BYTES)) return MSG.advertisingFileTooLarge;
  return null;
}

/**
 * 'Neue Werbung' / 'Werbung bearbeiten': the file (required for a new entry; a new one replaces
 * the old), title, 'anzeigen ab', validity and the article numbers. The upload shows its progress;
 * a refusal keeps every input; closing with changes asks first.
 */
export function AdvertisingFormModal({ advertising, onClose }: { advertising: Advertising | null; onClose: () => void }) {
  const save = useSaveAdvertising();
  const [values, setValues] = useState<Values>(() => valuesOf(advertising));
  const [file, setFile] = useState<File | null>(null);
  const [share, setShare] = useState<number | null>(null);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const initial = useMemo(() => JSON.stringify(valuesOf(advertising)), [advertising]);
  const dirty = file !== null || JSON.stringify(values) !== initial;
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const invalid = (field: string) => (problem?.fields.includes(field) ? true : undefined);

  const close = () => {
    if (save.isPending) return;
    if (!dirty) return onClose();
    openConfirm({ title: MSG.discardChanges, text: ' ', confirmLabel: 'Verwerfen', onConfirm: onClose });
  };

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    const wrong = fileProblem(chosen);
    setProblem(wrong ? { message: wrong, fields: ['file'] } : null);
    if (!wrong) setFile(chosen);
  };

  const submit = () => {
    if (!advertising && !file) return setProblem({ message: MSG.advertisingFileRequired, fields: ['file'] });
    const found = firstProblem(ZAdvertisingFields, values);
    if (found) return setProblem(found);
    setProblem(null);
    setShare(file ? 0 : null);
    save.mutate(
      { id: advertising?.id ?? null, fields: ZAdvertisingFields.parse(values) as TAdvertisingFields, file, onProgress: setShare },
      {
        onSuccess: onClose,
        onError: (e) => {
          setShare(null);
          if (!isSessionLost(e)) setProblem({ message: errorMessage(e), fields: [] });
        },
      },
    );
  };

  const current = file ? `${file.name} · ${formatFileSize(file.size)}` : advertising ? `${advertising.name} · ${formatFileSize(advertising.size)}` : 'Noch keine Datei gewählt.';
  return (
    <FormModal
      opened
      onClose={close}
      title={advertising ? 'Werbung bearbeiten' : 'Neue Werbung'}
      submitLabel={advertising ? 'Speichern' : 'Erstellen'}
      onSubmit={submit}
      loading={save.isPending}
      error={problem?.message}
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
      <TextInput label="Titel" withAsterisk value={values.title} onChange={(e) => set('title', e.currentTarget.value)} error={invalid('title')} maxLength={200} data-autofocus />
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
