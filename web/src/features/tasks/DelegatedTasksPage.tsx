import { useState } from 'react';
import { Button, Group, Progress, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconListCheck, IconLock, IconPlus } from '@tabler/icons-react';
import { TASK_VIEWS, taskProgress } from '@filialportal/core/tasks';
import { countOf } from '@filialportal/core/plural';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { RowActions } from '../../ui/RowActions.tsx';
import { SortableTable, type Column } from '../../ui/SortableTable.tsx';
import { NewTaskModal } from './NewTaskModal.tsx';
import { MultiTaskHint } from './OwnTaskRow.tsx';
import { exportPath, useShowFinished } from './task-list-params.ts';
import { Deadline, ListCard, LoadMore, PriorityBadge } from './task-ui.tsx';
import { ALL, flatRows, useDeleteTask, useTaskList, type DelegatedTask } from './tasks.api.ts';
import { alertError } from '../../ui/alert-error.ts';

const NO_FILTER = { location: ALL, team: ALL };

/** '2 von 5 erledigt' with a bar; a shared task 'Erledigt von Vorname Nachname am TT.MM.JJJJ'. */
function TaskProgress({ task }: { task: DelegatedTask }) {
  const { label, percent } = taskProgress(task);
  return (
    <Stack gap={6} miw={140}>
      <Text size="sm" fw={500} c={task.completed ? 'teal' : undefined}>
        {label}
      </Text>
      <Progress value={percent} size="sm" radius="xl" color={task.completed ? 'teal' : 'oak'} aria-label={label} />
    </Stack>
  );
}

function columns(onDelete: (task: DelegatedTask) => void): Column<DelegatedTask>[] {
  return [
    {
      key: 'title',
      label: 'Aufgabe',
      card: 'title',
      render: (t) => (
        <Stack gap={4}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t.title}
          </Text>
          <Group gap={4} style={{ columnGap: 12 }} wrap="wrap">
            <MultiTaskHint multiTask={t.multiTask} size="xs" />
            {t.subtaskCount > 0 && (
              <Group gap={4} c="dimmed" wrap="nowrap">
                <IconListCheck size={13} aria-hidden />
                <Text size="xs" c="dimmed">
                  {countOf(t.subtaskCount, 'Unteraufgabe', 'Unteraufgaben')}
                </Text>
              </Group>
            )}
            <Text size="xs" c="dimmed">
              Erstellt am {t.createdAtFormated}
            </Text>
          </Group>
        </Stack>
      ),
    },
    { key: 'priority', label: 'Priorität', width: 96, card: 'badge', render: (t) => <PriorityBadge priority={t.priority} /> },
    {
      key: 'deadline',
      label: 'Fällig am',
      width: 150,
      render: (t) => <Deadline deadline={t.deadline} formatted={t.deadlineFormated} open={!t.completed} bare />,
    },
    { key: 'progress', label: 'Fortschritt', width: 180, render: (t) => <TaskProgress task={t} /> },
    {
      key: 'actions',
      label: 'Aktionen',
      align: 'right',
      width: 80,
      card: 'actions',
      render: (t) =>
        t.locked ? (
          <Group justify="flex-end" c="dimmed" title="Wird automatisch erledigt">
            <IconLock size={16} aria-label="Wird automatisch erledigt" />
          </Group>
        ) : (
          <RowActions name={t.title} onDelete={() => onDelete(t)} />
        ),
    },
  ];
}

/**
 * View 3 'Delegierte Aufgaben': the tasks the user created, with how many recipients have done
 * them; open ones first, finished ones on demand; delete after confirmation.
 */
export function DelegatedTasksPage() {
  const [showFinished, toggleFinished] = useShowFinished();
  const [creating, setCreating] = useState(false);
  const open = useTaskList<DelegatedTask>(TASK_VIEWS.delegated, false, NO_FILTER);
  const finished = useTaskList<DelegatedTask>(TASK_VIEWS.delegated, true, NO_FILTER, showFinished);
  const remove = useDeleteTask();
  const openRows = flatRows(open.data);
  const finishedRows = flatRows(finished.data);

  const confirmDelete = (task: DelegatedTask) =>
    openConfirm({
      title: 'Aufgabe löschen',
      text: `Aufgabe '${task.title}' löschen?`,
      onConfirm: () =>
        remove.mutate(task.id, {
          onSuccess: () => notifications.show({ message: `Aufgabe '${task.title}' gelöscht`, color: 'teal' }),
          onError: alertError,
        }),
    });
  const cols = columns(confirmDelete);

  return (
    <>
      <PageHeader
        title="Delegierte Aufgaben"
        breadcrumbs={[{ label: 'Dashboard', to: '/dashboard' }, { label: 'Aufgaben' }]}
        actions={
          <>
            <ExportButton path={exportPath(TASK_VIEWS.delegated, false, NO_FILTER)} />
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Neue Aufgabe
            </Button>
          </>
        }
      />

      <Group justify="flex-end" mb="md">
        <Switch label="Erledigte Aufgaben anzeigen" checked={showFinished} onChange={(e) => toggleFinished(e.currentTarget.checked)} />
      </Group>

      <QueryError error={open.error} />
      <Stack gap="lg">
        <ListCard
          title="Offene Aufgaben"
          aside={
            open.data && (
              <Text size="sm" c="dimmed" aria-live="polite">
                {countOf(openRows.count, 'offene Aufgabe', 'offene Aufgaben')}
              </Text>
            )
          }
        >
          <SortableTable
            label="Offene delegierte Aufgaben"
            columns={cols}
            rows={openRows.rows}
            rowKey={(t) => t.id}
            loading={open.isPending}
            skeletonRows={4}
            emptyText="Keine offenen delegierten Aufgaben"
            minWidth={640}
            cards
          />
          <LoadMore shown={openRows.rows.length} count={openRows.count} loading={open.isFetchingNextPage} onLoad={() => void open.fetchNextPage()} />
        </ListCard>

        {showFinished && (
          <ListCard
            title="Erledigte Aufgaben"
            aside={
<ExportButton path={exportPath(TASK_VIEWS.delegated, true, NO_FILTER)} label="Erledigte exportieren" />
            }
          >
            <QueryError error={finished.error} />
            <SortableTable
              label="Erledigte delegierte Aufgaben"
              columns={cols}
              rows={finishedRows.rows}
              rowKey={(t) => t.id}
              loading={finished.isPending}
              skeletonRows={3}
              emptyText="Keine erledigten Aufgaben"
              minWidth={640}
              cards
            />
            <LoadMore
              shown={finishedRows.rows.length}
              count={finishedRows.count}
              loading={finished.isFetchingNextPage}
              onLoad={() => void finished.fetchNextPage()}
            />
          </ListCard>
        )}
      </Stack>

      <NewTaskModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
