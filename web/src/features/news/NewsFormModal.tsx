import { useEffect, useState } from 'react';
import { Button, FileInput, Group, MultiSelect, Progress, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
// After the date input's module, so its styles follow those of the inputs it is built from.
import '../../ui/date-pickers.ts';
import { RichTextEditor, Link as LinkExtension } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { todayIso } from '@filialportal/core/berlin-time';
import { MSG } from '@filialportal/core/messages';
import { formatFileSize } from '@filialportal/core/assortment';
import { NEWS_CATEGORIES, NEWS_FILE_EXTENSIONS, NEWS_FILE_MAX_BYTES, NEWS_TITLE_MAX, newsDateTooEarly, newsMinDate, ZNewsFileChoice, ZNewsRequest, type NewsCategory } from '@filialportal/core/news';
import { DateField } from '../../ui/DateField.tsx';
import { combineProblems, fileProblems, zodResolver } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { useAllLocations, useTeams, useUpcomingTrainings } from '../../shell-api/lookups.ts';
import { AudiencePreview } from './AudiencePreview.tsx';
import { newsKeys, saveNews, type NewsBody, type NewsItem } from './news.api.ts';

export interface NewsFormModalProps {
  opened: boolean;
  /** The item to edit (editNews), or null for a new one (newNews). */
  item: NewsItem | null;
  /** The tab the list shows: a new item starts in it. */
  category: NewsCategory;
  onClose: () => void;
}

interface Values {
  title: string;
  category: NewsCategory;
  /** The editor's HTML. */
  text: string;
  date: string | null;
  time: string;
  until: string | null;
  teams: string[];
  locations: string[];
  /** A new attachment, read when the item is saved. */
  file: File | null;
  removeFile: boolean;
  preview: boolean;
  requiresConfirmation: boolean;
  linkId: string | null;
}

const valuesOf = (item: NewsItem | null, category: NewsCategory): Values => ({
  title: item?.title ?? '',
  category: (item?.category as NewsCategory | undefined) ?? category,
  text: item?.text ?? '',
  date: item?.date ?? todayIso(),
  time: item?.time ?? '',
  until: item?.until ?? null,
  teams: item?.teams ?? [],
  locations: item?.locations ?? [],
  file: null,
  removeFile: false,
  preview: item?.preview ?? true,
  requiresConfirmation: item?.requiresConfirmation ?? false,
  linkId: item?.linkId ?? null,
});

/** The request without the attachment, which is read only when the checks pass. */
const bodyOf = (v: Values, item: NewsItem | null): NewsBody => ({
  ...(item ? { id: item.id } : {}),
  title: v.title,
  text: v.text,
  date: v.date ?? '',
  time: v.time || null,
  until: v.until,
  category: v.category,
  teams: v.teams,
  locations: v.locations,
  preview: v.preview,
  requiresConfirmation: v.requiresConfirmation,
  linkId: v.linkId,
  ...(v.removeFile && !v.file ? { file: null } : {}),
});

const ACCEPT = NEWS_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * Create or edit a news item (spec 3 §2, §5): title, rich text, category, date (not earlier than
 * five months back) with an optional time for scheduled publishing and an end of display, target
 * groups and locations, one attachment with upload progress, preview and read confirmation.
 */
export function NewsFormModal({ opened, item, category, onClose }: NewsFormModalProps) {
  const client = useQueryClient();
  const teams = useTeams();
  const locations = useAllLocations();
  const upcoming = useUpcomingTrainings(opened);
  const [progress, setProgress] = useState<number | null>(null);
  // The spec's order of checks (spec 3 §5): the date's own rules before those of the end and the attachment.
  const { form, values, message, fieldError, refused, reset } = useCheckedForm<Values>({
    initialValues: valuesOf(item, category),
    validate: (v) =>
      combineProblems(
        zodResolver(ZNewsRequest, (w: Values) => bodyOf(w, item))(v),
        v.date && newsDateTooEarly(v.date, todayIso(), item?.date) ? { date: MSG.newsDateTooEarly } : {},
        fileProblems('file', ZNewsFileChoice, v.file),
      ),
    oneAtATime: ['title', 'text', 'date', 'until', 'file'],
  });
  const set = <K extends keyof Values>(key: K, value: Values[K]) => form.setFieldValue(key, value as never);

  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false, heading: { levels: [2, 3] } }), LinkExtension],
    content: '',
    immediatelyRender: true,
    // The editable area is the text box: it needs the field's name.
    editorProps: { attributes: { 'aria-label': 'Text', 'aria-required': 'true' } },
    onUpdate: ({ editor: e }) => form.setFieldValue('text', e.getHTML()),
  });

  // Each opening starts from the item (edit) or from an empty form in the list's tab (new).
  useEffect(() => {
    if (!opened) return;
    reset(valuesOf(item, category));
    setProgress(null);
    editor?.commands.setContent(item?.text ?? '');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset is new on every render; an opening is what counts
  }, [opened, item, category, editor]);

  const minDate = newsMinDate(todayIso());

  const submit = async (v: Values) => {
    setProgress(0);
    try {
      const body: NewsBody = { ...bodyOf(v, item), ...(v.file ? { file: await readAsDataUrl(v.file), fileName: v.file.name } : {}) };
      await saveNews(body, setProgress);
      await client.invalidateQueries({ queryKey: newsKeys.all });
      onClose();
    } catch (e) {
      refused(e);
    } finally {
      setProgress(null);
    }
  };

  const currentFile = item?.fileName && !values.removeFile && !values.file ? item.fileName : null;

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={item ? 'Neuigkeit bearbeiten' : 'Neue Neuigkeit'}
      submitLabel={item ? 'Speichern' : 'Erstellen'}
      onSubmit={form.onSubmit((v) => void submit(v))}
      loading={progress !== null}
      error={message}
      size="xl"
    >
      <TextInput label="Titel" required {...form.getInputProps('title')} maxLength={NEWS_TITLE_MAX} data-autofocus />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Kategorie
        </Text>
        <SegmentedControl {...form.getInputProps('category')} data={[...NEWS_CATEGORIES]} aria-label="Kategorie" />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Text <span style={{ color: 'var(--mantine-color-error)' }}>*</span>
        </Text>
        <RichTextEditor editor={editor} aria-label="Text">
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Undo />
              <RichTextEditor.Redo />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
          <RichTextEditor.Content mih={160} />
        </RichTextEditor>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DateField label="Datum" required value={values.date} onChange={(v) => set('date', v)} error={fieldError('date')} minDate={item?.date && item.date < minDate ? item.date : minDate} />
        <TimeInput label="Uhrzeit (optional)" description="Veröffentlichung zu dieser Zeit" {...form.getInputProps('time')} />
        <DateField label="Anzeigen bis (optional)" description="danach im Archiv" value={values.until} onChange={(v) => set('until', v)} error={fieldError('until')} minDate={values.date ?? undefined} clearable />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MultiSelect
          label="Benutzergruppen"
          description="leer: alle Gruppen"
          data={(teams.data ?? []).map((t) => ({ value: t.id, label: t.label }))}
          {...form.getInputProps('teams')}
          searchable
          clearable
          hidePickedOptions
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          label="Standorte"
          description="leer: alle Standorte"
          data={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
          {...form.getInputProps('locations')}
          searchable
          clearable
          hidePickedOptions
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <AudiencePreview teams={values.teams} locations={values.locations} opened={opened} />
      <Stack gap={4}>
        {currentFile ? (
          <Group gap="xs">
            <IconPaperclip size={16} />
            <Text size="sm">{currentFile}</Text>
            <Button variant="subtle" color="red" size="compact-xs" leftSection={<IconX size={14} />} onClick={() => set('removeFile', true)}>
              Anhang entfernen
            </Button>
          </Group>
        ) : (
          <FileInput
            label="Anhang (optional)"
            description={`${NEWS_FILE_EXTENSIONS.join(', ')} – höchstens ${formatFileSize(NEWS_FILE_MAX_BYTES)}`}
            placeholder="Datei wählen"
            accept={ACCEPT}
            {...form.getInputProps('file')}
            clearable
            leftSection={<IconPaperclip size={16} />}
          />
        )}
        {progress !== null && values.file && <Progress value={progress * 100} size="sm" aria-label="Hochladen" striped animated />}
      </Stack>
      <Select
        label="Veranstaltung verknüpfen (optional)"
        placeholder="Keine"
        searchable
        clearable
        data={[
          ...(upcoming.data?.trainings ?? []).map((t) => ({ value: t.id, label: `${t.title} · ${t.dateFormated}` })),
          // An item linked to a past training keeps its link selectable.
          ...(values.linkId && !(upcoming.data?.trainings ?? []).some((t) => t.id === values.linkId) ? [{ value: values.linkId, label: 'Verknüpfte Veranstaltung' }] : []),
        ]}
        {...form.getInputProps('linkId')}
        nothingFoundMessage="Keine kommende Veranstaltung"
        comboboxProps={{ withinPortal: true }}
      />
      <Group gap="xl">
        <Switch label="Bilder als Vorschau zeigen" {...form.getInputProps('preview', { type: 'checkbox' })} />
        <Switch label="Lesebestätigung anfordern" {...form.getInputProps('requiresConfirmation', { type: 'checkbox' })} />
      </Group>
    </FormModal>
  );
}
