import { useState } from 'react';
import { Button, Group, Modal, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { countOf } from '@filialportal/core/plural';
import { alertError } from '../../ui/alert-error.ts';
import { LoadMoreButton } from '../../ui/LoadMoreButton.tsx';
import type { Category } from '../../shell-api/lookups.ts';
import { useChecksAt, useLastChecks, useRecordCheck } from './stock.api.ts';
import { useStockRights } from '../../shell-api/stock-rights.ts';

/**
 * The last stock check of a category per location (spec 2 §2), each with its history and
 * 'Weitere Einträge anzeigen'; who may change the stock there closes a check for the location.
 */
export function StockChecksModal({ category, location, onClose }: { category: Category; location: string; onClose: () => void }) {
  const last = useLastChecks(category.id);
  const record = useRecordCheck();
  const [open, setOpen] = useState<string | null>(null);
  const history = useChecksAt(category.id, open);
  const entries = history.data?.pages.flatMap((p) => p.list) ?? [];
  const count = history.data?.pages.at(-1)?.count ?? 0;
  const mayCheck = useStockRights().mayChangeAt(location);
  const here = last.data?.find((l) => l.location.id === location);

  return (
    <Modal opened onClose={onClose} title={`Bestandsprüfungen: ${category.name}`} size="lg" centered closeButtonProps={{ 'aria-label': 'Schließen' }}>
      <Stack gap="sm">
        {mayCheck && location && (
          <Group justify="space-between">
            <Text size="sm">
              {here?.location.name}: zuletzt geprüft {here?.dateFormated ? `am ${here.dateFormated} von ${here.userName}` : '– noch nie'}
            </Text>
            <Button size="xs" leftSection={<IconCalendarCheck size={14} />} loading={record.isPending} onClick={() => record.mutate({ sortiment: category.id, location }, { onError: alertError })}>
              Prüfung abschließen
            </Button>
          </Group>
        )}
        <Table fz="sm" striped highlightOnHover aria-label="Letzte Bestandsprüfung je Standort">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Standort</Table.Th>
              <Table.Th>Zuletzt geprüft</Table.Th>
              <Table.Th>Von</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(last.data ?? []).map((l) => (
              <Table.Tr key={l.location.id}>
                <Table.Td>
                  <UnstyledButton onClick={() => setOpen(open === l.location.id ? null : l.location.id)} aria-expanded={open === l.location.id} fz="sm" fw={500}>
                    {l.location.name}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>{l.dateFormated ?? '–'}</Table.Td>
                <Table.Td>{l.userName}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {open && (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              Verlauf {last.data?.find((l) => l.location.id === open)?.location.name}
            </Text>
            {entries.length === 0 && !history.isPending && (
              <Text size="sm" c="dimmed">
                Noch keine Prüfung.
              </Text>
            )}
            {entries.map((e) => (
              <Text key={e.id} size="sm">
                {e.dateFormated} · {e.userName} · {countOf(e.changes, 'Änderung', 'Änderungen')}
              </Text>
            ))}
            <LoadMoreButton shown={entries.length} count={count} loading={history.isFetchingNextPage} onLoad={() => void history.fetchNextPage()} />
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
