import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

export interface ListToolbarProps {
  /** Heading of the list (h2). */
  title: string;
  /** The number of rows in words, e.g. '3 Standorte', shown beside the heading. */
  countText?: string;
  /** Buttons on the right (export, new). */
  actions?: ReactNode;
  /** Filters in a row below (search, switches). */
  filters?: ReactNode;
}

/** The head of a settings list: heading and count left, export and 'new' right, filters below. */
export function ListToolbar({ title, countText, actions, filters }: ListToolbarProps) {
  return (
    <Stack gap="md" p="md" pb={filters ? 'md' : 'sm'}>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Group gap="sm" align="baseline" wrap="nowrap">
          <Title order={2} fz={18}>
            {title}
          </Title>
          {countText !== undefined && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {countText}
            </Text>
          )}
        </Group>
        {actions && (
          <Group gap="sm" wrap="wrap" justify="flex-end">
            {actions}
          </Group>
        )}
      </Group>
      {filters && (
        <Group gap="md" align="flex-end" wrap="wrap">
          {filters}
        </Group>
      )}
    </Stack>
  );
}

/** '1 Standort' / '12 Standorte'; '' while the count is unknown. */
export function countLabel(count: number | undefined, one: string, many: string): string {
  if (count === undefined) return '';
  return count === 1 ? `1 ${one}` : `${count.toLocaleString('de-DE')} ${many}`;
}

/** Skeleton rows of the absence and sick report lists while loading (spec 1 §9). */
export const LIST_SKELETON_ROWS = 9;

/** The number of rows above a list, read out when it changes. */
export function CountLine({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed" px="md" pb="xs" aria-live="polite" mih={28}>
      {text}
    </Text>
  );
}
