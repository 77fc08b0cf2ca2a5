import { ActionIcon, Button, Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
// After the date inputs' modules, so their styles follow those of the inputs they are built from.
import '../../ui/date-pickers.ts';
import { IconCalendar, IconPlus, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { MSG } from '@filialportal/core/messages';
import {
  RATING_LABEL_MAX,
  RATING_TYPES,
  TRAINING_CATEGORIES,
  TRAINING_DESCRIPTION_MAX,
  TRAINING_MAX_CONTINGENT,
  TRAINING_TEXT_MAX,
  TRAINING_ZIP_MAX,
  ZTrainingRequest,
  ZTrainingUpdate,
  type TrainingCategory,
} from '@filialportal/core/trainings';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { DATE_ARIA_LABELS } from '../../ui/DateField.tsx';
import { zodResolver } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
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

interface Values {
  title: string;
  category: TrainingCategory;
  description: string;
  address: string;
  zip: string;
  city: string;
  contactPerson: string | null;
  lecturer: string;
  /** Chosen days, YYYY-MM-DD, sorted. */
  dates: string[];
  time: string;
  contingent: number | string;
  ratings: Question[];
}

const german = (d: Date | string) => dayjs(d).format('DD.MM.YYYY');
const TITLES: Record<TrainingFormMode, [string, string]> = {
  new: ['Neue Veranstaltung', 'Erstellen'],
  copy: ['Veranstaltung kopieren', 'Erstellen'],
  edit: ['Veranstaltung bearbeiten', 'Speichern'],
  reschedule: ['Veranstaltung verschieben', 'Verschieben'],
};
// The spec's order of checks (spec 3 §5): the texts, the contact, the dates and the time, then the places.
const CHECK_ORDER = ['title', 'description', 'address', 'zip', 'city', 'contactPerson', 'dates', 'time', 'contingent'];

function valuesOf(mode: TrainingFormMode, t: Training | null, category: TrainingCategory): Values {
  return {
    title: t ? (mode === 'copy' ? `${t.title} - Kopie` : t.title) : '',
    category: (t?.category as TrainingCategory | undefined) ?? category,
    description: t?.description ?? '',
    address: t?.address ?? '',
    zip: t?.zip ?? '',
    city: t?.city ?? '',
    contactPerson: t?.contactPerson ?? null,
    lecturer: t?.lecturer ?? '',
    dates: mode === 'reschedule' && t ? [t.date] : [],
    time: t && mode !== 'new' ? t.time : '',
    contingent: t?.contingent ?? '',
    ratings: t && t.ratings.length ? t.ratings.map((q) => ({ label: q.label, type: q.type })) : [{ label: '', type: 'Frage' }],
  };
}

/** The request of the mode: POST with the dates ('TT.MM.JJJJ, …'), PUT without, PUT with `move` and one date. */
function bodyOf(mode: TrainingFormMode, v: Values): TrainingBody {
  return {
    title: v.title,
    category: v.category,
    description: v.description,
    address: v.address,
    zip: v.zip,
    city: v.city,
    contactPerson: v.contactPerson ?? '',
    lecturer: v.lecturer,
    contingent: v.contingent,
    ratings: v.ratings,
    ...(mode !== 'edit' ? { dates: [...v.dates].sort().map(german).join(', '), time: v.time } : {}),
    ...(mode === 'reschedule' ? { move: true } : {}),
  };
}

/**
 * Create, edit, copy or reschedule a training (spec 3 §4, §5). New and copied trainings take
 * several dates at once (Sundays disabled; each date becomes its own training); rescheduling
 * takes one date and the time; editing keeps both. Rating questions: at least one row stays.
 */
export function TrainingFormModal({ mode, training, category, onClose }: TrainingFormModalProps) {
  if (mode === null) return null;
  return <TrainingForm key={`${mode}-${training?.id ?? ''}`} mode={mode} training={training} category={category} onClose={onClose} />;
}

function TrainingForm({ mode, training, category, onClose }: TrainingFormModalProps & { mode: TrainingFormMode }) {
  const save = useSaveTraining();
  const people = useUsersForTraining(true);
  const withDates = mode !== 'edit';
  const { form, values, message, fieldError, refused } = useCheckedForm<Values>({
    initialValues: valuesOf(mode, training, category),
    validate: zodResolver(mode === 'new' || mode === 'copy' ? ZTrainingRequest : ZTrainingUpdate, (v: Values) => bodyOf(mode, v)),
    oneAtATime: CHECK_ORDER,
  });

  const send = (v: Values) =>
    save.mutate({ id: mode === 'edit' || mode === 'reschedule' ? training!.id : null, body: bodyOf(mode, v) }, { onSuccess: onClose, onError: (e) => refused(e) });

  const submit = form.onSubmit((v) => {
    if (mode !== 'reschedule' && !v.ratings.some((q) => q.label.trim())) {
      openConfirm({ title: 'Bewertungsfragen', text: MSG.trainingNoQuestionsConfirm, confirmLabel: 'Speichern', danger: false, onConfirm: () => send(v) });
      return;
    }
    send(v);
  });

  const questions = values.ratings;
  const setQuestions = (next: Question[]) => form.setFieldValue('ratings', next);
  const setQuestion = (i: number, q: Partial<Question>) => setQuestions(questions.map((x, j) => (j === i ? { ...x, ...q } : x)));
  const [heading, submitLabel] = TITLES[mode];
  const dates = values.dates;

  return (
    <FormModal opened onClose={onClose} title={heading} submitLabel={submitLabel} onSubmit={submit} loading={save.isPending} error={message} size="xl">
      <TextInput label="Titel" required {...form.getInputProps('title')} maxLength={TRAINING_TEXT_MAX} data-autofocus />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Kategorie
        </Text>
        <SegmentedControl {...form.getInputProps('category')} data={[...TRAINING_CATEGORIES]} aria-label="Kategorie" />
      </Stack>
      <Textarea label="Nachricht" required autosize minRows={3} maxRows={10} {...form.getInputProps('description')} maxLength={TRAINING_DESCRIPTION_MAX} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Adresse" required {...form.getInputProps('address')} maxLength={TRAINING_TEXT_MAX} />
        <TextInput label="PLZ" required {...form.getInputProps('zip')} maxLength={TRAINING_ZIP_MAX} />
        <TextInput label="Ort" required {...form.getInputProps('city')} maxLength={TRAINING_TEXT_MAX} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Ansprechpartner"
          required
          searchable
          data={(people.data?.users ?? []).map((u) => ({ value: u.id, label: `${u.fullName} (${u.locationLabel})` }))}
          {...form.getInputProps('contactPerson')}
          nothingFoundMessage="Keine Person gefunden"
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput label="Referent" {...form.getInputProps('lecturer')} maxLength={TRAINING_TEXT_MAX} />
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
              form.setFieldValue('dates', list.map((d) => dayjs(d).format('YYYY-MM-DD')).sort());
            }}
            error={fieldError('dates')}
            clearable
          />
        )}
        {withDates && <TimeInput label="Uhrzeit" required {...form.getInputProps('time')} />}
        <NumberInput label="Plätze" required min={0} max={TRAINING_MAX_CONTINGENT} allowDecimal={false} {...form.getInputProps('contingent')} />
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
              <TextInput style={{ flex: 1 }} aria-label={`Frage ${i + 1}`} placeholder="Frage" value={q.label} onChange={(e) => setQuestion(i, { label: e.currentTarget.value })} maxLength={RATING_LABEL_MAX} />
              <SegmentedControl size="xs" value={q.type} onChange={(v) => setQuestion(i, { type: v as Question['type'] })} data={[...RATING_TYPES]} aria-label={`Art der Frage ${i + 1}`} />
              {questions.length > 1 && (
                <ActionIcon variant="subtle" color="red" aria-label={`Frage ${i + 1} entfernen`} onClick={() => setQuestions(questions.filter((_, j) => j !== i))}>
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
          ))}
          <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} />} onClick={() => setQuestions([...questions, { label: '', type: 'Frage' }])} style={{ alignSelf: 'flex-start' }}>
            Frage hinzufügen
          </Button>
        </Stack>
      )}
    </FormModal>
  );
}
