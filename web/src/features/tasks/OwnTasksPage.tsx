import { useState } from 'react';
import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { MSG } from '@filialportal/core/messages';
import { FILTER_FREE_ROLES, type RoleIdentifier } from '@filialportal/core/roles';
import { TASK_VIEWS } from '@filialportal/core/tasks';
import { countOf } from '@filialportal/core/plural';
import { useCan, useCurrentUser } from '../../shell-api/current-user.tsx';
import { useVisibleNavigation } from '../../shell-api/registry.tsx';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { NewTaskModal } from './NewTaskModal.tsx';
import { OwnTaskRow } from './OwnTaskRow.tsx';
import { ownTaskPreset } from './own-task-preset.ts';
import { DELEGATE_PERMISSIONS } from './paths.ts';
import { exportPath, useShowFinished } from './task-list-params.ts';
import { TaskFilters } from './TaskFilters.tsx';
import { taskLinkTarget } from './task-links.ts';
import { EmptyList, ListCard, LoadMore, TaskListSkeleton } from './task-ui.tsx';
import { flatRows, ownTaskKey, useReopenTask, useTaskList, type OwnTask, type TaskFilter } from './tasks.api.ts';
import { useTaskTicking } from './useTaskTicking.ts';
import classes from './tasks.module.css';
import { alertError } from '../../ui/alert-error.ts';

/**
 * View 2 'Eigene Aufgaben': the open tasks addressed to the user, ticked off with a 2-second
 * grace, and on demand the finished ones. With aufgaben_alle_sehen the list shows a location's
 * and team's tasks, preset to the user's own (spec 1 §4 "Default filter presets").
 */
export function OwnTasksPage() {
  const user = useCurrentUser();
  const can = useCan();
  const seesAll = can('aufgaben_alle_sehen');
  const choosesFreely = FILTER_FREE_ROLES.includes(user.roleIdentifier as RoleIdentifier);
  const [filter, setFilter] = useState<TaskFilter>(() => ownTaskPreset(user, seesAll));
  const [showFinished, toggleFinished] = useShowFinished();
  const [creating, setCreating] = useState(false);

  const open = useTaskList<OwnTask>(TASK_VIEWS.own, false, filter);
  const finished = useTaskList<OwnTask>(TASK_VIEWS.own, true, filter, showFinished);
  const ticking = useTaskTicking();
  const navigation = useVisibleNavigation();
  const reopen = useReopenTask();

  const openRows = flatRows(open.data);
  const finishedRows = flatRows(finished.data);
  const mayDelegate = can(DELEGATE_PERMISSIONS);

  const reopenTask = (task: OwnTask) =>
    reopen.mutate(task, { onError: alertError });

  const row = (task: OwnTask) => {
    const mine = task.userId === user.id;
    return (
      <OwnTaskRow
        key={ownTaskKey(task)}
        task={task}
        mine={mine}
        showRecipient={!mine}
        linkTarget={taskLinkTarget(task.link, navigation)}
        ticked={ticking.isTicked(task)}
        onToggle={() => ticking.toggle(task)}
        onReopen={task.completed && mine && !task.locked ? () => reopenTask(task) : undefined}
        reopening={reopen.isPending && reopen.variables && ownTaskKey(reopen.variables) === ownTaskKey(task)}
      />
    );
  };

  return (
    <>
      <PageHeader
        title="Eigene Aufgaben"
        breadcrumbs={[{ label: 'Dashboard', to: '/dashboard' }, { label: 'Aufgaben' }]}
        actions={
          <>
            <ExportButton path={exportPath(TASK_VIEWS.own, false, filter)} />
            {mayDelegate && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                Neue Aufgabe
              </Button>
            )}
          </>
        }
      />

      <Group justify="space-between" align="flex-end" mb="md" gap="sm" wrap="wrap">
        <div className={classes.filters}>
          {seesAll && <TaskFilters value={filter} onChange={setFilter} locked={!choosesFreely} />}
        </div>
        <Switch
          label="Erledigte Aufgaben anzeigen"
          checked={showFinished}
          onChange={(e) => toggleFinished(e.currentTarget.checked)}
          mb={seesAll ? 8 : 0}
        />
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
          {open.isPending ? (
            <TaskListSkeleton rows={4} />
          ) : openRows.rows.length === 0 ? (
            <EmptyList text={MSG.noTasks} />
          ) : (
            <div>{openRows.rows.map(row)}</div>
          )}
          <LoadMore shown={openRows.rows.length} count={openRows.count} loading={open.isFetchingNextPage} onLoad={() => void open.fetchNextPage()} />
        </ListCard>

        {showFinished && (
          <ListCard
            title="Erledigte Aufgaben"
            aside={<ExportButton path={exportPath(TASK_VIEWS.own, true, filter)} label="Erledigte exportieren" />}
          >
            <QueryError error={finished.error} />
            {finished.isPending ? (
              <TaskListSkeleton rows={3} />
            ) : finishedRows.rows.length === 0 ? (
              <EmptyList text="Keine erledigten Aufgaben" />
            ) : (
              <div>{finishedRows.rows.map(row)}</div>
            )}
            <LoadMore
              shown={finishedRows.rows.length}
              count={finishedRows.count}
              loading={finished.isFetchingNextPage}
              onLoad={() => void finished.fetchNextPage()}
            />
          </ListCard>
        )}
      </Stack>

      {mayDelegate && <NewTaskModal opened={creating} onClose={() => setCreating(false)} />}
    </>
  );
}
