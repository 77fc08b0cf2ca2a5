import { useEffect } from 'react';
import { Anchor, Badge, Box, Group } from '@mantine/core';
import { IconChevronRight, IconListCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG } from '@filialportal/core/messages';
import { TASK_VIEWS } from '@filialportal/core/tasks-basics';
import { countOf } from '@filialportal/core/plural';
import { useCan, useCurrentUser } from '../../shell-api/current-user.tsx';
import { useVisibleNavigation } from '../../shell-api/registry.tsx';
import { DashboardSection } from '../../ui/DashboardSection.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { OwnTaskRow } from './OwnTaskRow.tsx';
import { ownTaskPreset } from './own-task-preset.ts';
import { TASK_PATHS } from './paths.ts';
import { taskLinkTarget } from './task-links.ts';
import { EmptyList, TaskListSkeleton } from './task-ui.tsx';
import { flatRows, ownTaskKey, useTaskCount, useTaskList, type OwnTask } from './tasks.api.ts';
import { useTaskTicking } from './useTaskTicking.ts';

/** Open tasks shown on the dashboard (spec 1 §9). */
export const DASHBOARD_TASKS = 5;

/**
 * 'Meine Aufgaben': the first open tasks addressed to the user, ticked off exactly as on
 * 'Eigene Aufgaben' (same list, same 2-second grace, same counter).
 */
export function OwnTasksSection() {
  const user = useCurrentUser();
  const can = useCan();
  const open = useTaskList<OwnTask>(TASK_VIEWS.own, false, ownTaskPreset(user, can('aufgaben_alle_sehen')));
  const unfinished = useTaskCount();
  const ticking = useTaskTicking();
  const navigation = useVisibleNavigation();

  // With aufgaben_alle_sehen the list also holds colleagues' tasks; only the own ones count here.
  const mine = flatRows(open.data).rows.filter((t) => t.userId === user.id);
  const shown = mine.slice(0, DASHBOARD_TASKS);

  // Such a list loads on until five own tasks are there; a failed step is not retried in a loop.
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = open;
  const short = mine.length < DASHBOARD_TASKS;
  useEffect(() => {
    if (short && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [short, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const count = unfinished.data ?? 0;
  const countLabel = countOf(count, 'offene Aufgabe', 'offene Aufgaben');

  return (
    <DashboardSection
      title="Meine Aufgaben"
      icon={<IconListCheck size={18} />}
      badge={
        count > 0 && (
          <Badge variant="light" color="oak" circle={count < 10} role="status" aria-label={countLabel} title={countLabel} style={{ flex: 'none' }}>
            {count > 99 ? '99+' : count}
          </Badge>
        )
      }
      aside={
        <Anchor component={Link} to={TASK_PATHS.own} size="sm" fw={500} style={{ flex: 'none' }}>
          <Group gap={2} wrap="nowrap">
            Alle Aufgaben
            <IconChevronRight size={16} aria-hidden />
          </Group>
        </Anchor>
      }
    >
      {open.error && (
        <Box p="md" pb={0}>
          <QueryError error={open.error} />
        </Box>
      )}
      {open.isPending ? (
        <TaskListSkeleton rows={3} />
      ) : !open.data ? null : shown.length === 0 ? (
        <EmptyList text={MSG.noTasks} />
      ) : (
        <div>
          {shown.map((task) => (
            <OwnTaskRow
              key={ownTaskKey(task)}
              task={task}
              mine
              showRecipient={false}
              linkTarget={taskLinkTarget(task.link, navigation)}
              ticked={ticking.isTicked(task)}
              onToggle={() => ticking.toggle(task)}
              compact
            />
          ))}
        </div>
      )}
    </DashboardSection>
  );
}
