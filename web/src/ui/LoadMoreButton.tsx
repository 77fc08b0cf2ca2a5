import { Button, Group, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';

export interface LoadMoreButtonProps {
  /** Rows shown so far. */
  shown: number;
  /** Rows the server holds; null for a list paged by key, which knows only whether more follow (`more`). */
  count: number | null;
  /** With `count` null: the server holds further rows. */
  more?: boolean;
  loading: boolean;
  onLoad: () => void;
  /** Default 'Weitere Einträge anzeigen'. */
  label?: string;
  /** Stay visible, disabled, once everything is loaded (instead of disappearing). */
  keepWhenDone?: boolean;
}

/** 'Weitere Einträge anzeigen' (or the list's own label) below a list while the server holds more rows. */
export function LoadMoreButton({ shown, count, more = false, loading, onLoad, label = 'Weitere Einträge anzeigen', keepWhenDone = false }: LoadMoreButtonProps) {
  const done = count === null ? !more : count <= shown;
  if (done && !keepWhenDone) return null;
  return (
    <Group justify="center" gap="sm" py="sm" style={{ borderTop: '1px solid var(--mantine-color-stone-2)' }}>
      <Button variant="subtle" leftSection={<IconChevronDown size={16} />} loading={loading} onClick={onLoad} disabled={done}>
        {label}
      </Button>
      <Text size="xs" c="dimmed">
        {count === null ? `${shown.toLocaleString('de-DE')} geladen` : `${shown.toLocaleString('de-DE')} von ${count.toLocaleString('de-DE')}`}
      </Text>
    </Group>
  );
}
