import { useEffect, useState } from 'react';
import { Button, FileInput, Group, MultiSelect, Progress, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { RichTextEditor, Link as LinkExtension } from '@mantine/tiptap';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { todayIso } from '@filialportal/core/berlin-time';
import { MSG } from '@filialportal/core/messages';
import {
  htmlToText,
  monthsBefore,
  NEWS_CATEGORIES,
  NEWS_FILE_EXTENSIONS,
  NEWS_FILE_MAX_BYTES,
  NEWS_MAX_MONTHS_BACK,
  newsFileExtension,
  type NewsCategory,
} from '@filialportal/core/news';
import { DateField } from '../../ui/DateField.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { useAllLocations } from '../locations/locations.api.ts';
import { useTeams } from '../teams/teams.api.ts';
import { useUpcomingTrainings } from '../trainings/trainings.api.ts';
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
  const [title, setTitle] = useState('');
  const [cat, setCat] = useState<NewsCategory>(category);
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState('');
  const [until, setUntil] = useState<string | null>(null);
  const [teamIds, setTeamIds] = useState<string[]>([]);
  const [locationIds, setLocationIds] = useState<string[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [removeFile, setRemoveFile] = useState(false);
  const [preview, setPreview] = useState(true);
  const [confirmation, setConfirmation] = useState(false);
  const [linkId, setLinkId] = useState<string | null>(null);
  const upcoming = useUpcomingTrainings(opened);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false, heading: { levels: [2, 3] } }), LinkExtension],
    content: '',
    immediatelyRender: true,
    // The editable area is the text box: it needs the field's name.
    editorProps: { attributes: { 'aria-label': 'Text', 'aria-required': 'true' } },
  });

  // Each opening starts from the item (edit) or from an empty form in the list's tab (new).
  useEffect(() => {
    if (!opened) return;
    setTitle(item?.title ?? '');
    setCat((item?.category as NewsCategory | undefined) ?? category);
    setDate(item?.date ?? todayIso());
    setTime(item?.time ?? '');
    setUntil(item?.until ?? null);
    setTeamIds(item?.teams ?? []);
    setLocationIds(item?.locations ?? []);
    setFile(null);
    setRemoveFile(false);
    setPreview(item?.preview ?? true);
    setConfirmation(item?.requiresConfirmation ?? false);
    setLinkId(item?.linkId ?? null);
    setError(null);
    setProgress(null);
    editor?.commands.setContent(item?.text ?? '');
  }, [opened, item, category, editor]);

  const minDate = monthsBefore(todayIso(), NEWS_MAX_MONTHS_BACK);

  const submit = async () => {
    const text = editor?.getHTML() ?? '';
    // The spec's order of checks (spec 3 §5); the server checks the same again.
    if (!title.trim()) return setError(MSG.newsTitleRequired);
    if (!htmlToText(text)) return setError(MSG.newsTextRequired);
    if (!date) return setError(MSG.newsDateRequired);
    if (date < minDate && date !== item?.date) return setError(MSG.newsDateTooEarly);
    if (until && until < date) return setError(MSG.newsUntilBeforeDate);
    if (file && !newsFileExtension(file.name)) return setError(MSG.newsFileType);
    if (file && file.size > NEWS_FILE_MAX_BYTES) return setError(MSG.newsFileTooLarge);
    setError(null);
    setProgress(0);
    try {
      const body: NewsBody = {
        ...(item ? { id: item.id } : {}),
        title: title.trim(),
        text,
        date,
        time: time || null,
        until,
        category: cat,
        teams: teamIds,
        locations: locationIds,
        preview,
        requiresConfirmation: confirmation,
        linkId,
        ...(file ? { file: await readAsDataUrl(file), fileName: file.name } : removeFile ? { file: null } : {}),
      };
      await saveNews(body, setProgress);
      await client.invalidateQueries({ queryKey: newsKeys.all });
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : MSG.serverError);
    } finally {
      setProgress(null);
    }
  };

  const currentFile = item?.fileName && !removeFile && !file ? item.fileName : null;

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={item ? 'Neuigkeit bearbeiten' : 'Neue Neuigkeit'}
      submitLabel={item ? 'Speichern' : 'Erstellen'}
      onSubmit={() => void submit()}
      loading={progress !== null}
      error={error}
      size="xl"
    >
      <TextInput label="Titel" required value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={200} data-autofocus />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Kategorie
        </Text>
        <SegmentedControl value={cat} onChange={(v) => setCat(v as NewsCategory)} data={[...NEWS_CATEGORIES]} aria-label="Kategorie" />
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
        <DateField label="Datum" required value={date} onChange={setDate} minDate={item?.date && item.date < minDate ? item.date : minDate} />
        <TimeInput label="Uhrzeit (optional)" description="Veröffentlichung zu dieser Zeit" value={time} onChange={(e) => setTime(e.currentTarget.value)} />
        <DateField label="Anzeigen bis (optional)" description="danach im Archiv" value={until} onChange={setUntil} minDate={date ?? undefined} clearable />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MultiSelect
          label="Benutzergruppen"
          description="leer: alle Gruppen"
          data={(teams.data ?? []).map((t) => ({ value: t.id, label: t.label }))}
          value={teamIds}
          onChange={setTeamIds}
          searchable
          clearable
          hidePickedOptions
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          label="Standorte"
          description="leer: alle Standorte"
          data={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
          value={locationIds}
          onChange={setLocationIds}
          searchable
          clearable
          hidePickedOptions
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <AudiencePreview teams={teamIds} locations={locationIds} opened={opened} />
      <Stack gap={4}>
        {currentFile ? (
          <Group gap="xs">
            <IconPaperclip size={16} />
            <Text size="sm">{currentFile}</Text>
            <Button variant="subtle" color="red" size="compact-xs" leftSection={<IconX size={14} />} onClick={() => setRemoveFile(true)}>
              Anhang entfernen
            </Button>
          </Group>
        ) : (
          <FileInput
            label="Anhang (optional)"
            description="pdf, png, jpg, jpeg, heic, heif, mp4, hevc, mov – höchstens 10 MB"
            placeholder="Datei wählen"
            accept={ACCEPT}
            value={file}
            onChange={setFile}
            clearable
            leftSection={<IconPaperclip size={16} />}
          />
        )}
        {progress !== null && file && <Progress value={progress * 100} size="sm" aria-label="Hochladen" striped animated />}
      </Stack>
      <Select
        label="Veranstaltung verknüpfen (optional)"
        placeholder="Keine"
        searchable
        clearable
        data={[
          ...(upcoming.data?.trainings ?? []).map((t) => ({ value: t.id, label: `${t.title} · ${t.dateFormated}` })),
          // An item linked to a past training keeps its link selectable.
          ...(linkId && !(upcoming.data?.trainings ?? []).some((t) => t.id === linkId) ? [{ value: linkId, label: 'Verknüpfte Veranstaltung' }] : []),
        ]}
        value={linkId}
        onChange={setLinkId}
        nothingFoundMessage="Keine kommende Veranstaltung"
        comboboxProps={{ withinPortal: true }}
      />
      <Group gap="xl">
        <Switch label="Bilder als Vorschau zeigen" checked={preview} onChange={(e) => setPreview(e.currentTarget.checked)} />
        <Switch label="Lesebestätigung anfordern" checked={confirmation} onChange={(e) => setConfirmation(e.currentTarget.checked)} />
      </Group>
    </FormModal>
  );
}
