import { useState } from 'react';
import { Badge, Button, Group, Loader, Modal, ScrollArea, Select, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { countOf } from '@filialportal/core/plural';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { alertError } from '../../ui/alert-error.ts';
import { showAlert } from '../../ui/AlertPopup.tsx';
import { useAllLocations } from '../../shell-api/lookups.ts';
import { useConfirmations, useRemind, type NewsItem } from './news.api.ts';

/** Who confirmed a mandatory notice and who has not yet, per location; export and reminder task. */
export function ConfirmationsModal({ item, onClose }: { item: NewsItem | null; onClose: () => void }) {
  const [location, setLocation] = useState<string | null>(null);
  const locations = useAllLocations();
  const data = useConfirmations(item?.id ?? null, location);
  const remind = useRemind();
  const pending = data.data?.pending ?? [];
  const confirmed = data.data?.confirmed ?? [];

  const people = (rows: typeof pending) => (
    // Focusable so that a long list scrolls by keyboard (WCAG 2.1.1).
    <ScrollArea.Autosize mah={360} viewportProps={{ tabIndex: 0 }}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Standort</Table.Th>
            <Table.Th>Bestätigt am</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={p.userId}>
              <Table.Td>{p.userName}</Table.Td>
              <Table.Td>{p.location}</Table.Td>
              <Table.Td>{p.confirmedAtFormated || '–'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );

  return (
    <Modal opened={item !== null} onClose={onClose} title={item ? `Lesebestätigungen – ${item.title}` : ''} size="lg" centered>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Select
            label="Standort"
            placeholder="Alle"
            clearable
            data={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
            value={location}
            onChange={setLocation}
            searchable
          />
          {item && <ExportButton path={`/api/news/${item.id}/confirmations/export${location ? `?location=${location}` : ''}`} />}
        </Group>
        {data.error && <QueryError error={data.error} />}
        {data.isPending ? (
          <Loader size="sm" aria-label="Wird geladen" />
        ) : (
          <Tabs defaultValue="pending">
            <Tabs.List>
              <Tabs.Tab value="pending" rightSection={<Badge size="sm" color="red" variant="light">{pending.length}</Badge>}>
                Noch offen
              </Tabs.Tab>
              <Tabs.Tab value="confirmed" rightSection={<Badge size="sm" color="green" variant="light">{confirmed.length}</Badge>}>
                Bestätigt
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="pending" pt="sm">
              {pending.length ? people(pending) : <Text size="sm" c="dimmed">Alle haben bestätigt.</Text>}
            </Tabs.Panel>
            <Tabs.Panel value="confirmed" pt="sm">
              {confirmed.length ? people(confirmed) : <Text size="sm" c="dimmed">Noch niemand hat bestätigt.</Text>}
            </Tabs.Panel>
          </Tabs>
        )}
        <Group justify="space-between" mt="sm">
          <Button
            variant="light"
            leftSection={<IconBell size={16} />}
            disabled={pending.length === 0}
            loading={remind.isPending}
            onClick={() =>
              item &&
              remind.mutate(item.id, {
                onSuccess: (r) => showAlert(`${countOf(r.reminded, 'Person wurde', 'Personen wurden')} erinnert.`, 'info'),
                onError: alertError,
              })
            }
          >
            Erinnerungsaufgabe senden
          </Button>
          <Button variant="default" onClick={onClose}>
            Schließen
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
