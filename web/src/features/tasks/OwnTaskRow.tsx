import { useId, useState } from 'react';
import { Badge, Box, Button, Checkbox, Collapse, Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconChevronRight, IconExternalLink, IconListCheck, IconLock, IconUser, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG } from '@filialportal/core/messages';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { SubtaskList } from './SubtaskList.tsx';
import { Deadline, PriorityBadge } from './task-ui.tsx';
import type { OwnTask } from './tasks.api.ts';
import classes from './tasks.module.css';

/** 'Für jeden einzeln' or 'Gemeinsame Aufgabe', with what it means on hover. */
export function MultiTaskHint({ multiTask, size = 'sm' }: { multiTask: boolean; size?: 'xs' | 'sm' }) {
  const Icon = multiTask ? IconUser : IconUsers;
  return (
    <Tooltip
      label={multiTask ? 'Jeder Empfänger erledigt seine eigene Aufgabe.' : 'Erledigt für alle, sobald einer der Empfänger sie abhakt.'}
      multiline
      w={240}
    >
      <Group gap={4} wrap="nowrap" c="dimmed" style={{ flex: 'none' }}>
        <Icon size={size === 'xs' ? 13 : 15} stroke={1.8} aria-hidden />
        <Text size={size} c="dimmed">
          {multiTask ? 'Für jeden einzeln' : 'Gemeinsame Aufgabe'}
        </Text>
      </Group>
    </Tooltip>
  );
}

export interface OwnTaskRowProps {
  task: OwnTask;
  /** The task is addressed to the current user (others' rows are only shown). */
  mine: boolean;
  /** Show whose task it is (lists of a location and team). */
  showRecipient: boolean;
  /** Where 'Öffnen' leads, or null. */
  linkTarget: string | null;
  /** Open list: the box is ticked and waits for the completion. */
  ticked?: boolean;
  onToggle?: () => void;
  /** Finished list: 'Wieder öffnen'. */
  onReopen?: () => void;
  reopening?: boolean;
  /** Narrow lists (dashboard): without the creation date. */
  compact?: boolean;
}

/** One task of view 2: tick box, title, priority, deadline, creator, subtasks, link. */
export function OwnTaskRow({ task, mine, showRecipient, linkTarget, ticked = false, onToggle, onReopen, reopening, compact = false }: OwnTaskRowProps) {
  const [expanded, setExpanded] = useState(false);
  const subtasksId = useId();
  const finished = task.completed;
  const struck = finished || ticked;
  const tickHint = task.locked ? MSG.taskLocked : !mine ? `Nur ${task.userFullName} kann diese Aufgabe abhaken.` : null;
  const mayTickSubtasks = mine && !finished && !task.locked;

  const box = finished ? (
    <ThemeIcon color="teal" variant="light" radius="xl" size={22} aria-label="Erledigt">
      <IconCheck size={14} stroke={2.4} />
    </ThemeIcon>
  ) : (
    <Checkbox
      size="md"
      radius="sm"
      checked={ticked}
      disabled={!!tickHint}
      onChange={() => onToggle?.()}
      aria-label={`${task.title} erledigt`}
      aria-description={tickHint ?? undefined}
    />
  );

  return (
    <Box component="article" aria-label={task.title} className={classes.row} data-ticked={ticked || undefined} data-finished={finished || undefined}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Box pt={2} style={{ flex: 'none' }}>
          {tickHint && !finished ? (
            <Tooltip label={tickHint} multiline w={260}>
              <span style={{ display: 'inline-block' }}>{box}</span>
            </Tooltip>
          ) : (
            box
          )}
        </Box>

        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group gap={8} wrap="wrap" align="center">
            <Text fw={600} td={struck ? 'line-through' : undefined} c={struck ? 'dimmed' : undefined} className={classes.title}>
              {task.title}
            </Text>
            <PriorityBadge priority={task.priority} />
            {task.locked && (
              <Badge variant="light" color="stone" size="sm" radius="sm" tt="none" fw={500} leftSection={<IconLock size={12} />}>
                Automatisch
              </Badge>
            )}
          </Group>

          <Group gap="xs" mt={4} wrap="wrap" className={classes.meta}>
            {finished ? (
              <Text size="sm" c="teal">
                {/* A shared task may have been closed by someone else: name them. */}
                {!task.multiTask && task.completedByFullName ? `Erledigt von ${task.completedByFullName} am ` : 'Erledigt am '}
                {task.completedAtFormated}
              </Text>
            ) : (
              <Deadline deadline={task.deadline} formatted={task.deadlineFormated} open />
            )}
            <Text size="sm" c="dimmed">
              Von {task.createdByFullName}
            </Text>
            {!compact && (
              <Text size="sm" c="dimmed">
                Erstellt am {task.createdAtFormated}
              </Text>
            )}
            <MultiTaskHint multiTask={task.multiTask} />
            {showRecipient && (
              <Text size="sm" c="dimmed">
                Für {task.userFullName} · {task.userLocation}
              </Text>
            )}
          </Group>

          {task.subtaskCount > 0 &&
            (mine ? (
              <>
                <UnstyledButton
                  className={classes.subtaskToggle}
                  onClick={() => setExpanded((v) => !v)}
                  aria-expanded={expanded}
                  aria-controls={expanded ? subtasksId : undefined}
                  mt={6}
                >
                  <Group gap={6} wrap="nowrap">
                    <IconChevronRight size={14} className={classes.chevron} data-expanded={expanded || undefined} aria-hidden />
                    <IconListCheck size={15} aria-hidden />
                    <Text size="sm" fw={500}>
                      Unteraufgaben {task.subtasksDone}/{task.subtaskCount}
                    </Text>
                  </Group>
                </UnstyledButton>
                <Collapse expanded={expanded} keepMounted={false}>
                  <Box pl={26} pt={8} pb={2}>
                    <SubtaskList task={task} editable={mayTickSubtasks} id={subtasksId} />
                  </Box>
                </Collapse>
              </>
            ) : (
              <Group gap={6} mt={6} c="dimmed">
                <IconListCheck size={15} aria-hidden />
                <Text size="sm">
                  Unteraufgaben {task.subtasksDone}/{task.subtaskCount}
                </Text>
              </Group>
            ))}
        </Box>

        <Group gap="xs" wrap="nowrap" style={{ flex: 'none' }}>
          {linkTarget && (
            <Button
              component={Link}
              to={linkTarget}
              variant="light"
              size="xs"
              rightSection={<IconExternalLink size={14} />}
              aria-label={`${task.title} öffnen`}
            >
              Öffnen
            </Button>
          )}
          {onReopen && (
            <Button variant="default" size="xs" leftSection={<IconArrowBackUp size={14} />} onClick={onReopen} loading={reopening}>
              Wieder öffnen
            </Button>
          )}
        </Group>
      </Group>
    </Box>
  );
}
