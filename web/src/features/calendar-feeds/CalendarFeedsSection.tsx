import { useState } from 'react';
import { ActionIcon, Alert, Button, Card, CopyButton, Group, Select, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarPlus, IconCheck, IconCopy, IconTrash } from '@tabler/icons-react';
import { formatDateTime } from '@filialportal/core/berlin-time';
import { errorMessage } from '../../api/client.ts';
import { useCan, useCurrentUser } from '../../shell-api/current-user.tsx';
import { useAllLocations } from '../../shell-api/lookups.ts';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { useCreateFeed, useFeeds, useRevokeFeed } from './calendar-feeds.api.ts';

const PERSONAL = 'personal';

/** The new address, shown this once: to copy into the calendar app. */
function NewAddress({ url, onDone }: { url: string; onDone: () => void }) {
  return (
    <Alert color="teal" variant="light" title="Ihre Abo-Adresse" role="status">
      <Text size="sm" mb="xs">
        Fügen Sie diese Adresse in Ihrer Kalender-App als Abonnement hinzu (Outlook: „Kalender hinzufügen → Aus dem Internet“, iPhone: „Kalenderabo hinzufügen“,
        Google Kalender: „Per URL“). Sie wird nur jetzt angezeigt; wer sie kennt, sieht den Kalender.
      </Text>
      <Group gap="xs" wrap="nowrap" mb="xs">
        <TextInput value={url} readOnly aria-label="Abo-Adresse" style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Kopiert' : 'Adresse kopieren'}>
              <ActionIcon variant="default" size="lg" onClick={copy} aria-label="Adresse kopieren">
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Button size="xs" variant="default" onClick={onDone}>
        Fertig
      </Button>
    </Alert>
  );
}

/**
 * 'Kalender-Abos' in the person's own settings: secret iCalendar addresses for the own absences
 * and trainings, or for who is away at a location; each can be revoked.
 */
export function CalendarFeedsSection() {
  const can = useCan();
  const user = useCurrentUser();
  const feeds = useFeeds();
  const create = useCreateFeed();
  const revoke = useRevokeFeed();
  const locations = useAllLocations();
  const [choice, setChoice] = useState<string>(PERSONAL);
  const [url, setUrl] = useState<string | null>(null);

  const seesCalendar = can('an_abwesenheit_menu_sehen');
  const seesAll = can('an_abwesenheit_von_allen_sehen');
  const options = [
    { value: PERSONAL, label: 'Eigene Abwesenheiten und Veranstaltungen' },
    ...(seesCalendar
      ? (locations.data ?? []).filter((l) => seesAll || l.id === user.location?.id).map((l) => ({ value: l.id, label: `Abwesenheiten ${l.name}` }))
      : []),
  ];

  const add = () =>
    create.mutate(choice === PERSONAL ? { kind: 'personal' } : { kind: 'location', locationId: choice }, { onSuccess: (answer) => setUrl(answer.url) });

  return (
    <Card component="section" aria-labelledby="kalender-abos-titel">
      <Title order={2} fz={16} id="kalender-abos-titel" mb={2}>
        Kalender-Abos
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Ihre Abwesenheiten und Veranstaltungen im Kalender des Telefons oder in Outlook. Ein Standort-Abo zeigt, wer dort abwesend ist – ohne Grund, außer Sie
        bearbeiten dort Krankmeldungen.
      </Text>
      <Stack gap="md">
        {url && <NewAddress url={url} onDone={() => setUrl(null)} />}
        {create.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(create.error)}
          </Alert>
        )}
        <Group align="flex-end" gap="xs">
          <Select label="Inhalt" data={options} value={choice} onChange={(v) => setChoice(v ?? PERSONAL)} allowDeselect={false} w={{ base: '100%', xs: 400 }} comboboxProps={{ withinPortal: true }} />
          <Button leftSection={<IconCalendarPlus size={16} />} onClick={add} loading={create.isPending}>
            Abo-Adresse erstellen
          </Button>
        </Group>
        {feeds.isPending ? (
          <Skeleton h={60} />
        ) : feeds.data && feeds.data.feeds.length > 0 ? (
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs" aria-label="Kalender-Abos">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Inhalt</Table.Th>
                  <Table.Th>Erstellt</Table.Th>
                  <Table.Th>Zuletzt abgerufen</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {feeds.data.feeds.map((f) => (
                  <Table.Tr key={f.id}>
                    <Table.Td>{f.label}</Table.Td>
                    <Table.Td>{formatDateTime(f.createdAt)}</Table.Td>
                    <Table.Td>{f.lastUsedAt ? formatDateTime(f.lastUsedAt) : '–'}</Table.Td>
                    <Table.Td ta="right">
                      <Tooltip label="Widerrufen">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Abo „${f.label}“ widerrufen`}
                          onClick={() =>
                            openConfirm({
                              title: 'Kalender-Abo widerrufen?',
                              text: `„${f.label}“: Die Adresse funktioniert danach nicht mehr; Kalender, die sie abonniert haben, erhalten keine Einträge mehr.`,
                              confirmLabel: 'Widerrufen',
                              onConfirm: () => revoke.mutate(f.id),
                            })
                          }
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            Noch kein Kalender-Abo.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
