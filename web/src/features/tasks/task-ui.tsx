import type { ReactNode } from 'react';
import { Badge, Button, Center, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCalendarDue, IconChevronDown } from '@tabler/icons-react';
import { todayIso } from '@filialportal/core/berlin-time';
import { TASK_PRIORITIES } from '@filialportal/core/tasks-basics';

const PRIORITY_COLORS: Record<number, string> = { 1: 'stone', 2: 'blue', 3: 'red' };

/** 'Niedrig', 'Normal' or 'Hoch'. */
export function priorityLabel(priority: number): string {
  return TASK_PRIORITIES.find((p) => p.value === priority)?.label ?? 'Normal';
}

export function PriorityBadge({ priority }: { priority: number }) {
  return (
    <Badge variant="light" color={PRIORITY_COLORS[priority] ?? 'blue'} size="sm" radius="sm" style={{ flex: 'none' }}>
      {priorityLabel(priority)}
    </Badge>
  );
}

/** 'overdue' before today, 'today', otherwise 'later'. */
export function deadlineState(deadline: string, today = todayIso()): 'overdue' | 'today' | 'later' {
  if (deadline < today) return 'overdue';
  return deadline === today ? 'today' : 'later';
}

/** 'Fällig am 05.12.2026' (bare: the date alone), red once the day has passed while the task is open. */
export function Deadline({ deadline, formatted, open, bare = false }: { deadline: string; formatted: string; open: boolean; bare?: boolean }) {
  const state = open ? deadlineState(deadline) : 'later';
  const color = state === 'overdue' ? 'red' : state === 'today' ? 'orange' : 'dimmed';
  const Icon = state === 'overdue' ? IconAlertTriangle : IconCalendarDue;
  return (
    <Group gap={4} wrap="nowrap" c={color}>
      <Icon size={15} stroke={1.8} aria-hidden />
      <Text size="sm" c={color} fw={state === 'later' ? undefined : 600}>
        {bare ? formatted : `Fällig am ${formatted}`}
        {state === 'overdue' ? ' (überfällig)' : state === 'today' ? ' (heute)' : ''}
      </Text>
    </Group>
  );
}

/** Placeholders in the shape of task rows while a list loads. */
export function TaskListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Stack gap={0} aria-hidden>
      {Array.from({ length: rows }, (_, i) => (
        <Group key={i} gap="md" px="md" py="md" wrap="nowrap" style={{ borderTop: i ? '1px solid var(--mantine-color-stone-1)' : undefined }}>
          <Skeleton height={20} width={20} radius="sm" />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={14} width={`${45 + ((i * 17) % 35)}%`} radius="sm" />
            <Skeleton height={10} width={`${30 + ((i * 11) % 25)}%`} radius="sm" />
          </Stack>
          <Skeleton height={22} width={64} radius="sm" />
        </Group>
      ))}
    </Stack>
  );
}

/** The empty text of a list. */
export function EmptyList({ text }: { text: string }) {
  return (
    <Center py={40}>
      <Text c="dimmed" size="sm">
        {text}
      </Text>
    </Center>
  );
}

/** 'Weitere Aufgaben laden' below a list while the server holds more rows. */
export function LoadMore({ shown, count, loading, onLoad }: { shown: number; count: number; loading: boolean; onLoad: () => void }) {
  if (count <= shown) return null;
  return (
    <Group justify="center" py="sm" style={{ borderTop: '1px solid var(--mantine-color-stone-1)' }}>
      <Button variant="subtle" leftSection={<IconChevronDown size={16} />} loading={loading} onClick={onLoad}>
        Weitere Aufgaben laden
      </Button>
      <Text size="xs" c="dimmed">
        {shown} von {count}
      </Text>
    </Group>
  );
}

/** A titled card holding one list. */
export function ListCard({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" component="section" aria-label={title}>
      <Group justify="space-between" px="md" py="sm" gap="sm" style={{ borderBottom: '1px solid var(--mantine-color-stone-2)' }}>
        <Text fw={650} size="sm" component="h2">
          {title}
        </Text>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}
