import { useState } from 'react';
import { Badge, Button, Collapse, Group, List, Loader, Paper, ScrollArea, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUsers } from '@tabler/icons-react';
import { permissionByName } from '@filialportal/core/permissions';
import { countOf, formatCount, plural } from '@filialportal/core/plural';
import { QueryError } from '../../ui/QueryError.tsx';
import { useNewsAudience } from './news.api.ts';

const SEES_ALL = permissionByName.get('neuigkeiten_alle_sehen')?.label ?? '';

const REASON_SHORT = { group: 'Gruppe', parent: 'übergeordnete Gruppe', all: 'sieht alle Neuigkeiten' } as const;

/**
 * Before publishing: how many and which people the chosen groups and locations reach, by the rule
 * that decides who receives the item (the server applies it to every active person), per group
 * with the reason – a group reached through its parent group says so.
 */
export function AudiencePreview({ teams, locations, opened }: { teams: string[]; locations: string[]; opened: boolean }) {
  const [debounced] = useDebouncedValue({ teams, locations }, 300);
  const audience = useNewsAudience(debounced.teams, debounced.locations, opened);
  const [showPeople, setShowPeople] = useState(false);
  const data = audience.data;

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Empfänger">
      <Group justify="space-between" wrap="wrap" gap={4}>
        <Group gap="xs" wrap="nowrap" aria-live="polite">
          <IconUsers size={18} stroke={1.6} aria-hidden />
          <Text size="sm" fw={600}>
            {data ? `Empfänger: ${countOf(data.count, 'Person', 'Personen')}` : 'Empfänger werden ermittelt …'}
          </Text>
          {audience.isFetching && <Loader size="xs" aria-label="Empfänger werden ermittelt" />}
        </Group>
        {data && data.count > 0 && (
          <Button variant="subtle" size="compact-sm" onClick={() => setShowPeople((v) => !v)} aria-expanded={showPeople}>
            {showPeople ? 'Personen verbergen' : 'Personen anzeigen'}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        Erhält, wer zu einer gewählten Gruppe oder einer ihr untergeordneten Gruppe gehört und an einem gewählten Standort arbeitet (auch
        vorübergehend). Eine leere Auswahl schränkt nicht ein.
      </Text>
      {audience.error && <QueryError error={audience.error} />}
      {data && data.reached > 0 && (
        <List size="sm" mt="xs" spacing={2} aria-label="Empfänger je Gruppe">
          {data.groups
            .filter((g) => g.reason !== 'all')
            .map((g) => (
              <List.Item key={g.id}>
                <Text span size="sm" fw={500}>
                  {g.label}
                </Text>
                {`: ${countOf(g.count, 'Person', 'Personen')}`}
                {g.reason === 'parent' && (
                  <Text span size="sm" c="orange.9">
                    {` – über die übergeordnete Gruppe ${g.via ?? ''}`}
                  </Text>
                )}
              </List.Item>
            ))}
        </List>
      )}
      {data && data.seesAll > 0 && (
        <Text size="sm" c="dimmed" mt={4}>
          {`Dazu ${countOf(data.seesAll, 'Person', 'Personen')} mit dem Recht „${SEES_ALL}“ (${data.groups
            .filter((g) => g.reason === 'all')
            .map((g) => g.label)
            .join(', ')}).`}
        </Text>
      )}
      {data && (
        <Collapse expanded={showPeople}>
          <ScrollArea.Autosize mah={280} mt="xs" viewportProps={{ tabIndex: 0 }}>
            <Table striped verticalSpacing={4} aria-label="Empfänger">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th visibleFrom="sm">Gruppe</Table.Th>
                  <Table.Th>Standort</Table.Th>
                  <Table.Th visibleFrom="sm">Grund</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.people.map((p) => (
                  <Table.Tr key={p.userId}>
                    <Table.Td>
                      {p.userName}
                      <Text size="xs" c="dimmed" hiddenFrom="sm">
                        {p.group}
                      </Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{p.group}</Table.Td>
                    <Table.Td>{p.location}</Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Badge size="xs" variant="light" color={p.reason === 'group' ? 'green' : p.reason === 'parent' ? 'orange' : 'gray'}>
                        {REASON_SHORT[p.reason]}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          {data.people.length < data.count && (
            <Text size="xs" c="dimmed" mt={4}>
              {`Die ersten ${formatCount(data.people.length)} von ${countOf(data.count, 'Person', 'Personen')} ${plural(data.count, 'ist', 'sind')} aufgeführt.`}
            </Text>
          )}
        </Collapse>
      )}
    </Paper>
  );
}
