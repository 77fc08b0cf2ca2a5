import { useEffect, useState } from 'react';
import { Button, Card, Group, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { MSG } from '@filialportal/core/messages';
import { TRAINING_CATEGORIES, type TrainingCategory } from '@filialportal/core/trainings';
import { useCan } from '../../shell-api/current-user.tsx';
import { LoadMoreButton } from '../../ui/LoadMoreButton.tsx';
import { setQuery } from '../../ui/edit-query.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { ViewTabs } from '../../ui/ViewTabs.tsx';
import { YearInput } from '../../ui/YearInput.tsx';
import { RegisterUsersModal } from './RegisterUsersModal.tsx';
import { TrainingCard, type TrainingAction } from './TrainingCard.tsx';
import { TrainingFormModal, type TrainingFormMode } from './TrainingFormModal.tsx';
import { trainingRows, useMarkTrainingsSeen, useTraining, useTrainingList, type Training } from './trainings.api.ts';
import { ValuationModal } from './ValuationModal.tsx';

const TABS = TRAINING_CATEGORIES.map((c) => ({ view: c, tab: c }));

function TrainingSkeleton() {
  return (
    <Stack gap="md" aria-hidden>
      {[0, 1, 2].map((i) => (
        <Card key={i} withBorder radius="md" padding="lg">
          <Skeleton height={20} width={`${40 + i * 15}%`} mb="sm" />
          <Skeleton height={12} width={260} mb="md" />
          <Skeleton height={10} mb={6} />
          <Skeleton height={10} width="70%" />
        </Card>
      ))}
    </Stack>
  );
}

/**
 * 'Veranstaltungen' (training view 2, spec 3 §2): a tab per category, the year filter, upcoming
 * or past trainings, 'Weitere Veranstaltungen anzeigen'. Category, year and past are in the address.
 */
export function TrainingsPage() {
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const category = (TRAINING_CATEGORIES as readonly string[]).includes(params.get('kategorie') ?? '') ? (params.get('kategorie') as TrainingCategory) : TRAINING_CATEGORIES[0];
  const year = params.get('jahr') ?? '';
  const old = params.get('vergangene') === '1' && !year;
  const list = useTrainingList(category, old, year);
  // Opened from a news item's link: that training on top, whatever the tab.
  const linkedId = params.get('id');
  const linked = useTraining(linkedId);
  const { rows, count } = trainingRows(list.data);
  const [form, setForm] = useState<{ mode: TrainingFormMode; training: Training | null } | null>(null);
  const [registering, setRegistering] = useState<Training | null>(null);
  const [rating, setRating] = useState<Training | null>(null);
  const markSeen = useMarkTrainingsSeen();

  // Seen 5 seconds after opening the page, even if the person moves on before: the navigation
  // counter goes to zero (spec 1 §4).
  useEffect(() => {
    setTimeout(() => markSeen.mutate(), 5000);
    // Once per visit of the page, not per render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const set = (changes: Record<string, string>) => setQuery(setParams, changes);

  // Opened from the rating task ('bewerten=1'): the rating form at once, while rating is possible.
  const linkedTraining = linked.data?.training;
  useEffect(() => {
    if (params.get('bewerten') !== '1' || !linkedTraining) return;
    if (linkedTraining.can.rate) setRating(linkedTraining);
    set({ bewerten: '' });
    // Once per training opened this way.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linkedTraining?.id]);

  const onAction = (action: TrainingAction, t: Training) => {
    if (action === 'register') setRegistering(t);
    else if (action === 'rate') setRating(t);
    else setForm({ mode: action, training: t });
  };

  return (
    <>
      <PageHeader
        title="Veranstaltungen"
        actions={
          can('schulung_erstellen') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ mode: 'new', training: null })}>
              Neue Veranstaltung
            </Button>
          )
        }
      />
      <Card withBorder radius="md" padding={0} mb="md">
        <ViewTabs views={TABS} value={category} onChange={(c) => set({ kategorie: c })} />
        <Group px="md" py="sm" gap="lg" align="flex-end">
          <YearInput value={year} onChange={(y) => set({ jahr: y })} />
          {!year && (
            <Switch
              label={old ? 'Vergangene Veranstaltungen verbergen' : 'Vergangene Veranstaltungen anzeigen'}
              checked={old}
              onChange={(e) => set({ vergangene: e.currentTarget.checked ? '1' : '' })}
              mb={8}
            />
          )}
        </Group>
      </Card>
      {linked.data && (
        <Stack gap="xs" mb="md">
          <Text size="sm" c="dimmed">
            Verknüpfte Veranstaltung
          </Text>
          <TrainingCard training={linked.data.training} onAction={onAction} />
        </Stack>
      )}
      {list.error && <QueryError error={list.error} />}
      {list.isPending ? (
        <TrainingSkeleton />
      ) : rows.length === 0 ? (
        <Card withBorder radius="md" py={40}>
          <Text c="dimmed" size="sm" ta="center">
            {MSG.noTrainings}
          </Text>
        </Card>
      ) : (
        <Stack gap="md">
          {rows.map((t) => (
            <TrainingCard key={t.id} training={t} onAction={onAction} />
          ))}
          {count > rows.length && (
            <Card withBorder radius="md" padding={0}>
              <LoadMoreButton label="Weitere Veranstaltungen anzeigen" shown={rows.length} count={count} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
            </Card>
          )}
        </Stack>
      )}
      <TrainingFormModal mode={form?.mode ?? null} training={form?.training ?? null} category={category} onClose={() => setForm(null)} />
      <RegisterUsersModal training={registering} onClose={() => setRegistering(null)} />
      <ValuationModal training={rating} onClose={() => setRating(null)} />
    </>
  );
}
