import { useId, useState } from 'react';
import { Badge, Button, Card, CloseButton, Group, Stack, Table, Text } from '@mantine/core';
import { formatDateTime } from '@filialportal/core/berlin-time';
import { formatCount } from '@filialportal/core/plural';
import { confirmCount, dropCount } from './count-queue.ts';
import type { CountState, QueuedCount } from './offline-store.ts';

const STATE: Record<CountState, { label: string; color: string }> = {
  waiting: { label: 'wartet', color: 'yellow' },
  sent: { label: 'übertragen', color: 'green' },
  conflict: { label: 'Konflikt', color: 'red' },
  refused: { label: 'abgelehnt', color: 'red' },
};

const articleOf = (c: QueuedCount) => (c.number ? `${c.number}` : `EAN ${c.ean}`);

/**
 * The scan session's counts on this device with their state: 'wartet' until the server has it,
 * 'übertragen' with before and after, 'Konflikt' when a colleague changed the stock meanwhile
 * (ConflictPanel shows both values: keep the own count or drop it), 'abgelehnt' with the
 * server's reason. A conflict shows its panel by itself; closed, it waits behind 'Klären'. The
 * panel sits inside the scan dialog rather than in a second one on top of it, where a click
 * would count as a click outside the scan dialog.
 */
export function CountQueueTable({ counts, onResolve }: { counts: QueuedCount[]; onResolve: (id: string) => void }) {
  if (counts.length === 0) return null;
  return (
    <>
      <Table fz="sm" striped aria-label="Geänderte Bestände">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Artikel</Table.Th>
            <Table.Th ta="right">Vorher</Table.Th>
            <Table.Th ta="right">Jetzt</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...counts].reverse().map((c) => (
            <Table.Tr key={c.clientChangeId}>
              <Table.Td>
                {articleOf(c)}{' '}
                <Text span c="dimmed" size="xs">
                  {c.decor}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{(c.state === 'sent' ? c.before : c.baseCount) ?? '–'}</Table.Td>
              <Table.Td ta="right">
                <Badge variant="light" color={c.state === 'sent' ? 'green' : 'gray'}>
                  {c.after ?? c.count}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Badge variant="dot" color={STATE[c.state].color} title={c.message}>
                    {STATE[c.state].label}
                  </Badge>
                  {c.state === 'conflict' && (
                    <Button size="compact-xs" variant="subtle" onClick={() => onResolve(c.clientChangeId)}>
                      Klären
                    </Button>
                  )}
                  {c.state === 'refused' && (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => void dropCount(c.clientChangeId)} aria-label={`Zählung ${articleOf(c)} verwerfen: ${c.message ?? ''}`}>
                      Verwerfen
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {counts.some((c) => c.state === 'refused') && (
        <Text size="xs" c="red" role="status">
          {counts
            .filter((c) => c.state === 'refused')
            .map((c) => `${articleOf(c)}: ${c.message}`)
            .join(' · ')}
        </Text>
      )}
    </>
  );
}

/**
 * The conflict to decide now: the first one, unless closed ('Später klären'); 'Klären' in the
 * list asks for one again.
 */
export function useConflict(counts: QueuedCount[]) {
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const [asked, setAsked] = useState<string | null>(null);
  const conflict = counts.find((c) => c.state === 'conflict' && (c.clientChangeId === asked || !dismissed.has(c.clientChangeId)));
  const dismiss = (id: string) => {
    setDismissed((d) => new Set(d).add(id));
    setAsked(null);
  };
  return { conflict, ask: setAsked, dismiss };
}

/** Both values of a conflict, shown at the top of the scan dialog, where a phone shows it without scrolling. */
export function ConflictPanel({ count: c, onClose }: { count: QueuedCount; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const act = (fn: () => Promise<unknown>) => async () => {
    setBusy(true);
    try {
      await fn();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder radius="md" p="sm" role="alertdialog" aria-labelledby={titleId} style={{ borderColor: 'var(--mantine-color-red-5)' }}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} id={titleId}>
            Bestand inzwischen geändert
          </Text>
          <CloseButton size="sm" onClick={onClose} aria-label="Später klären" />
        </Group>
        <Text size="sm">
          {articleOf(c)} {c.decor}: Während Sie gezählt haben, hat sich der Bestand geändert.
        </Text>
        <Table fz="sm" withRowBorders={false} aria-label="Beide Werte">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th>Bestand jetzt</Table.Th>
              <Table.Td ta="right" fw={700}>
                {c.current ?? 'nicht gezählt'}
              </Table.Td>
              <Table.Td c="dimmed">{c.changedBy ? `${c.changedBy}, ${c.changedAt}` : ''}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Ihre Zählung</Table.Th>
              <Table.Td ta="right" fw={700}>
                {formatCount(c.count)}
              </Table.Td>
              <Table.Td c="dimmed">gezählt {formatDateTime(c.countedAt)}, gesehen: {c.baseCount ?? 'nicht gezählt'}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" color="red" loading={busy} onClick={act(() => dropCount(c.clientChangeId))}>
            Verwerfen
          </Button>
          <Button loading={busy} onClick={act(() => confirmCount(c.clientChangeId))}>
            Meine Zählung übernehmen
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
