import { useEffect, useState } from 'react';
import { ActionIcon, Button, Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { IconCalendar, IconPlus, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { MSG } from '@filialportal/core/messages';
import { RATING_TYPES, TRAINING_CATEGORIES, type TrainingCategory } from '@filialportal/core/trainings';
import { errorMessage } from '../../api/client.ts';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { DATE_ARIA_LABELS } from '../../ui/DateField.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { useSaveTraining, useUsersForTraining, type Training, type TrainingBody } from './trainings.api.ts';

export type TrainingFormMode = 'new' | 'edit' | 'copy' | 'reschedule';

export interface TrainingFormModalProps {
  mode: TrainingFormMode | null;
  /** The training to edit, copy or reschedule. */
  training: Training | null;
  category: TrainingCategory;
  onClose: () => void;
}

type Question = { label: string; type: (typeof RATING_TYPES)[number] };
const german = (d: Date | string) => dayjs(d).format('DD.MM.YYYY');
const TITLES: Record<TrainingFormMode, [string, string]> = {
  new: ['Neue Veranstaltung', 'Erstellen'],
  copy: ['Veranstaltung kopieren', 'Erstellen'],
  edit: ['Veranstaltung bearbeiten', 'Speichern'],
  reschedule: ['Veranstaltung verschieben', 'Verschieben'],
};

/**
 * Create, edit, copy or reschedule a training (spec 3 §4, §5). New and copied trainings take
 * several dates at once (Sundays disabled; each date becomes its own training); rescheduling
 * takes one date and the time; editing keeps both. Rating questions: at least one row stays.
 */
export function TrainingFormModal({ mode, training, category, onClose }: TrainingFormModalProps) {
  const save = useSaveTraining();
  const people = useUsersForTraining(mode !== null);
  const [title, setTitle] = useState('');
  const [cat, setCat] = useState<TrainingCategory>(category);
  const [description, setDescription] = useState('');
  const [address, setAddress] = useState('');
  const [zip, setZip] = useState('');
  const [city, setCity] = useState('');
  const [contact, setContact] = useState<string | null>(null);
  const [lecturer, setLecturer] = useState('');
  const [dates, setDates] = useState<string[]>([]);
  const [time, setTime] = useState('');
  const [contingent, setContingent] = useState<number | string>('');
  const [questions, setQuestions] = useState<Question[]>([{ label: '', type: 'Frage' }]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (mode === null) return;
    const t = training;
    setTitle(t ? (mode === 'copy' ? `${t.title} - Kopie` : t.title) : '');
    setCat((t?.category as TrainingCategory | undefined) ?? category);
    setDescription(t?.description ?? '');
    setAddress(t?.address ?? '');
    setZip(t?.zip ?? '');
    setCity(t?.city ?? '');
    setContact(t?.contactPerson ?? null);
    setLecturer(t?.lecturer ?? '');
    setDates(mode === 'reschedule' && t ? [t.date] : []);
    setTime(t && mode !== 'new' ? t.time : '');
    setContingent(t?.contingent ?? '');
    setQuestions(t && t.ratings.length ? t.ratings.map((q) => ({ label: q.label, type: q.type as Question['type'] })) : [{ label: '', type: 'Frage' }]);
    setError(null);
  }, [mode, training, category]);

  if (mode === null) return null;
  const withDates = mode !== 'edit';

  const send = async () => {
    const body: TrainingBody = {
      title,
      category: cat,
      description,
      address,
      zip,
      city,
      contactPerson: contact ?? '',
      lecturer,
      contingent,
      ratings: questions,
      ...(withDates ? { dates: [...dates].sort().map(german).join(', '), time } : {}),
      ...(mode === 'reschedule' ? { move: true } : {}),
    };
    try {
      await save.mutateAsync({ id: mode === 'edit' || mode === 'reschedule' ? training!.id : null, body });
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const submit = () => {
    // The spec's checks in its order; the server checks the same again.
    const missing: [string, string][] = [
      [title, MSG.trainingTitleRequired],
      [description, MSG.trainingDescriptionRequired],
      [address, MSG.trainingAddressRequired],
      [zip, MSG.trainingZipRequired],
      [city, MSG.trainingCityRequired],
      [contact ?? '', MSG.trainingContactRequired],
    ];
    const first = missing.find(([v]) => !v.trim());
    if (first) return setError(first[1]);
    if (withDates && dates.length === 0) return setError(MSG.trainingDatesRequired);
    if (withDates && !time.trim()) return setError(MSG.trainingTimeRequired);
    if (contingent === '' || contingent === null) return setError(MSG.trainingContingentRequired);
    setError(null);
    if (mode !== 'reschedule' && !questions.some((q) => q.label.trim())) {
      openConfirm({ title: 'Bewertungsfragen', text: MSG.trainingNoQuestionsConfirm, confirmLabel: 'Speichern', danger: false, onConfirm: () => void send() });
      return;
    }
    void send();
  };

  const setQuestion = (i: number, q: Partial<Question>) => setQuestions((qs) => qs.map((x, j) => (j === i ? { ...x, ...q } : x)));
  const [heading, submitLabel] = TITLES[mode];

  return (
    <FormModal opened onClose={onClose} title={heading} submitLabel={submitLabel} onSubmit={submit} loading={save.isPending} error={error} size="xl">
      <TextInput label="Titel" required value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={200} data-autofocus />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Kategorie
        </Text>
        <SegmentedControl value={cat} onChange={(v) => setCat(v as TrainingCategory)} data={[...TRAINING_CATEGORIES]} aria-label="Kategorie" />
      </Stack>
      <Textarea label="Nachricht" required autosize minRows={3} maxRows={10} value={description} onChange={(e) => setDescription(e.currentTarget.value)} maxLength={5000} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Adresse" required value={address} onChange={(e) => setAddress(e.currentTarget.value)} maxLength={200} />
        <TextInput label="PLZ" required value={zip} onChange={(e) => setZip(e.currentTarget.value)} maxLength={10} />
        <TextInput label="Ort" required value={city} onChange={(e) => setCity(e.currentTarget.value)} maxLength={200} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Ansprechpartner"
          required
          searchable
          data={(people.data?.users ?? []).map((u) => ({ value: u.id, label: `${u.fullName} (${u.locationLabel})` }))}
          value={contact}
          onChange={setContact}
          nothingFoundMessage="Keine Person gefunden"
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput label="Referent" value={lecturer} onChange={(e) => setLecturer(e.currentTarget.value)} maxLength={200} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {withDates && (
          <DatePickerInput
            type={mode === 'reschedule' ? 'default' : 'multiple'}
            label={mode === 'reschedule' ? 'Neues Datum' : 'Termine'}
            required
            valueFormat="DD.MM.YYYY"
            placeholder="tt.mm.jjjj"
            leftSection={<IconCalendar size={16} />}
            excludeDate={(d) => dayjs(d).day() === 0}
            ariaLabels={DATE_ARIA_LABELS}
            getDayAriaLabel={(d) => dayjs(d).format('D. MMMM YYYY')}
            highlightToday
            value={(mode === 'reschedule' ? (dates[0] ?? null) : dates) as never}
            onChange={(v: unknown) => {
              const list = (Array.isArray(v) ? v : v ? [v] : []) as (string | Date)[];
              setDates(list.map((d) => dayjs(d).format('YYYY-MM-DD')).sort());
            }}
            clearable
          />
        )}
        {withDates && <TimeInput label="Uhrzeit" required value={time} onChange={(e) => setTime(e.currentTarget.value)} />}
        <NumberInput label="Plätze" required min={0} max={10_000} allowDecimal={false} value={contingent} onChange={setContingent} />
      </SimpleGrid>
      {withDates && dates.length > 1 && (
        <Text size="xs" c="dimmed">
          {`${dates.length} Termine: ${dates.map(german).join(', ')} – jeder wird eine eigene Veranstaltung.`}
        </Text>
      )}
      {mode !== 'reschedule' && (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Bewertungsfragen
          </Text>
          {questions.map((q, i) => (
            <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
              <TextInput style={{ flex: 1 }} aria-label={`Frage ${i + 1}`} placeholder="Frage" value={q.label} onChange={(e) => setQuestion(i, { label: e.currentTarget.value })} maxLength={300} />
              <SegmentedControl size="xs" value={q.type} onChange={(v) => setQuestion(i, { type: v as Question['type'] })} data={[...RATING_TYPES]} aria-label={`Art der Frage ${i + 1}`} />
              {questions.length > 1 && (
                <ActionIcon variant="subtle" color="red" aria-label={`Frage ${i + 1} entfernen`} onClick={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}>
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
          ))}
          <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} />} onClick={() => setQuestions((qs) => [...qs, { label: '', type: 'Frage' }])} style={{ alignSelf: 'flex-start' }}>
            Frage hinzufügen
          </Button>
        </Stack>
      )}
    </FormModal>
  );
}
