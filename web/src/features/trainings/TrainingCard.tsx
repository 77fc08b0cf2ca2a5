import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Collapse, Group, Menu, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import {
  IconArrowBackUp,
  IconBan,
  IconCalendarEvent,
  IconCalendarTime,
  IconCheck,
  IconClock,
  IconCopy,
  IconDots,
  IconEdit,
  IconMapPin,
  IconStar,
  IconTrash,
  IconUser,
  IconUserPlus,
  IconUsers,
  IconX,
} from '@tabler/icons-react';
import { MSG } from '@filialportal/core/messages';
import { fullName } from '@filialportal/core/users';
import { countOf, formatCount, plural } from '@filialportal/core/plural';
import { alertError } from '../../ui/alert-error.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { runRegistration } from './register-flow.ts';
import {
  useApproveRegistration,
  useCancelTraining,
  useDeclineRegistration,
  useDeleteTraining,
  useMarkAttendance,
  useRegisterSelf,
  type Registration,
  type Training,
} from './trainings.api.ts';

export type TrainingAction = 'edit' | 'copy' | 'reschedule' | 'register' | 'rate';

export interface TrainingCardProps {
  training: Training;
  onAction: (action: TrainingAction, training: Training) => void;
}

const STATE_COLOR: Record<string, string> = { Angefragt: 'yellow', Warteliste: 'gray', Genehmigt: 'green' };

/** One training (spec 3 §2): its details, places, the own registration and the actions of the actor. */
export function TrainingCard({ training: t, onAction }: TrainingCardProps) {
  const [listOpen, setListOpen] = useState(false);
  const registerSelf = useRegisterSelf();
  const approve = useApproveRegistration();
  const decline = useDeclineRegistration();
  const attendance = useMarkAttendance();
  const cancel = useCancelTraining();
  const remove = useDeleteTraining();
  const open = !t.past && !t.cancelled;

  const declineOne = (r: Registration) =>
    openConfirm({
      // Someone else's registration names the person in full (issue 19).
      title: r.userData[0] ? `Anmeldung von ${fullName({ lastName: r.userData[0], firstName: r.userData[1] ?? '' })} ablehnen` : 'Anmeldung ablehnen',
      text: MSG.trainingDeclineConfirm,
      confirmLabel: 'Ablehnen',
      onConfirm: () => decline.mutate(r.id, { onError: alertError }),
    });
  /** The own registration: a request not yet approved is withdrawn, a waiting-list place given up, an approved place cancelled. */
  const withdrawOwn = (r: Registration) =>
    openConfirm({
      title: r.waitingList ? 'Von Warteliste entfernen' : r.approved ? 'Abmelden' : 'Anfrage zurückziehen',
      text: r.waitingList ? 'Möchten Sie sich wirklich von der Warteliste entfernen?' : r.approved ? 'Möchten Sie sich wirklich abmelden?' : 'Möchten Sie Ihre Anfrage wirklich zurückziehen?',
      confirmLabel: r.waitingList ? 'Entfernen' : r.approved ? 'Abmelden' : 'Zurückziehen',
      onConfirm: () => decline.mutate(r.id, { onError: alertError }),
    });
  const removeOne = (r: Registration) => (r.id === t.own?.id ? withdrawOwn(r) : declineOne(r));
  const waiting = t.appointments.filter((r) => r.waitingList);
  const participants = t.appointments.filter((r) => !r.waitingList);

  return (
    <Card component="article" withBorder radius="md" padding="lg" aria-label={t.title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Title order={3} size="h4">
              {t.title}
            </Title>
            {t.cancelled && <Badge color="red">Abgesagt</Badge>}
            {t.own && <Badge color={STATE_COLOR[t.own.state] ?? 'gray'}>{t.own.state}</Badge>}
          </Group>
          <Group gap="md" c="dimmed">
            <Group gap={4}>
              <IconCalendarEvent size={16} />
              <Text size="sm">{t.dateFormated}</Text>
            </Group>
            <Group gap={4}>
              <IconClock size={16} />
              <Text size="sm">{t.time} Uhr</Text>
            </Group>
            <Group gap={4}>
              <IconMapPin size={16} />
              <Text size="sm">
                {t.address}, {t.zip} {t.city}
              </Text>
            </Group>
          </Group>
        </Stack>
        <TrainingMenu t={t} onAction={onAction} onCancel={() => openConfirm({
          title: 'Veranstaltung absagen',
          text: `„${t.title}“ am ${t.dateFormated} absagen? Alle Angemeldeten bekommen eine E-Mail.`,
          confirmLabel: 'Absagen',
          onConfirm: () => cancel.mutate(t.id, { onError: alertError }),
        })} onDelete={() => openConfirm({
          title: MSG.trainingDeleteConfirm,
          text: `„${t.title}“ am ${t.dateFormated} mit allen Anmeldungen und Bewertungen löschen?`,
          onConfirm: () => remove.mutate(t.id, { onError: alertError }),
        })} />
      </Group>
      <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {t.description}
      </Text>
      <Group gap="lg" mt="sm">
        <Text size="sm">
          <b>{formatCount(t.free)}</b> von <b>{formatCount(t.contingent)}</b> {plural(t.contingent, 'Platz', 'Plätzen')} frei
          {t.countWaitingList > 0 && <Text span c="dimmed">{` · ${formatCount(t.countWaitingList)} auf der Warteliste`}</Text>}
        </Text>
        {t.contactPersonName && (
          <Group gap={4}>
            <IconUser size={16} />
            <Text size="sm">Ansprechpartner: {t.contactPersonName}</Text>
          </Group>
        )}
        {t.lecturer && <Text size="sm">Referent: {t.lecturer}</Text>}
      </Group>
      <Group gap="sm" mt="md">
        {open && !t.own && (
          <Button
            size="sm"
            leftSection={<IconCheck size={16} />}
            variant={t.free > 0 ? 'filled' : 'light'}
            loading={registerSelf.isPending}
            onClick={() => void runRegistration((force) => registerSelf.mutateAsync({ id: t.id, force }))}
          >
            {t.free > 0 ? 'Interessiert' : 'Warteliste'}
          </Button>
        )}
        {open && t.own?.waitingList && (
          <Button size="sm" variant="default" leftSection={<IconX size={16} />} onClick={() => withdrawOwn(t.own!)}>
            Von Warteliste entfernen
          </Button>
        )}
        {open && t.own && !t.own.waitingList && !t.own.approved && (
          <Button size="sm" variant="default" leftSection={<IconArrowBackUp size={16} />} onClick={() => withdrawOwn(t.own!)}>
            Anfrage zurückziehen
          </Button>
        )}
        {t.can.registerOthers && (
          <Button size="sm" variant="default" leftSection={<IconUserPlus size={16} />} onClick={() => onAction('register', t)} h="auto" mih={36} styles={{ label: { whiteSpace: 'normal' } }}>
            {t.free > 0 ? 'Mitarbeiter anmelden' : 'Mitarbeiter auf Warteliste setzen'}
          </Button>
        )}
        {t.can.rate && (
          <Button size="sm" variant="light" leftSection={<IconStar size={16} />} onClick={() => onAction('rate', t)}>
            Bewertung abgeben
          </Button>
        )}
        {t.can.seeList && t.appointments.length > 0 && (
          <Button size="sm" variant="subtle" leftSection={<IconUsers size={16} />} onClick={() => setListOpen((o) => !o)} aria-expanded={listOpen}>
            {listOpen ? 'Teilnehmerliste verbergen' : 'Teilnehmerliste anzeigen'} ({t.appointments.length})
          </Button>
        )}
        {t.can.downloadList && t.appointments.length > 0 && <ExportButton size="sm" path={`/api/exporttraining/${t.id}`} label="Teilnehmerliste herunterladen" />}
        {t.past && t.can.downloadRatings ? (
          <ExportButton size="sm" path={`/api/exporttrainingratings/${t.id}`} label={`Bewertungen herunterladen (${formatCount(t.valuations)} von ${formatCount(t.countApprovedAppointments)})`} />
        ) : (
          t.past && <Text size="sm" c="dimmed">{`${countOf(t.valuations, 'Bewertung', 'Bewertungen')} · ${formatCount(t.countApprovedAppointments)} bestätigt`}</Text>
        )}
      </Group>
      <Collapse expanded={listOpen && t.can.seeList}>
        {t.can.seeList && participants.length > 0 && <RegistrationTable t={t} rows={participants} label="Teilnehmerliste" onDecline={removeOne} onApprove={(r) => approve.mutate(r.id, { onError: alertError })} onAttendance={(r, attended) => attendance.mutate({ id: r.id, attended }, { onError: alertError })} />}
        {t.can.seeList && waiting.length > 0 && (
          <>
            <Title order={4} size="h6" mt="md">
              {`Warteliste (${countOf(waiting.length, 'Person', 'Personen')}, in der Reihenfolge der Anmeldung)`}
            </Title>
            <RegistrationTable t={t} rows={waiting} label="Warteliste" numbered onDecline={removeOne} onApprove={(r) => approve.mutate(r.id, { onError: alertError })} onAttendance={() => undefined} />
          </>
        )}
      </Collapse>
    </Card>
  );
}

interface RegistrationTableProps {
  t: Training;
  rows: Registration[];
  label: string;
  /** The waiting list shows each person's place in the queue instead of the state (all wait). */
  numbered?: boolean;
  onApprove: (r: Registration) => void;
  onDecline: (r: Registration) => void;
  onAttendance: (r: Registration, attended: boolean) => void;
}

/** The participants or the waiting list of a training, with the actions the actor may take on each entry. */
function RegistrationTable({ t, rows, label, numbered = false, onApprove, onDecline, onAttendance }: RegistrationTableProps) {
  return (
    <Table mt="md" striped verticalSpacing={6} aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          {numbered && <Table.Th w={48}>Nr.</Table.Th>}
          <Table.Th>Name</Table.Th>
          <Table.Th visibleFrom="sm">Standort</Table.Th>
          {!numbered && <Table.Th w={140}>Status</Table.Th>}
          {t.past && <Table.Th>Erschienen</Table.Th>}
          <Table.Th aria-label="Aktionen" />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r, i) => (
          <Table.Tr key={r.id}>
            {numbered && <Table.Td>{i + 1}.</Table.Td>}
            <Table.Td>{[r.userData[0], r.userData[1]].filter(Boolean).join(', ')}</Table.Td>
            <Table.Td visibleFrom="sm">{r.userData[2]}</Table.Td>
            {!numbered && (
              <Table.Td>
                <Badge variant="light" color={STATE_COLOR[r.state] ?? 'gray'}>
                  {r.state}
                </Badge>
              </Table.Td>
            )}
            {t.past && (
              <Table.Td>
                {r.canMarkAttendance ? (
                  <SegmentedControl
                    size="xs"
                    aria-label={`Erschienen: ${r.userData[1]} ${r.userData[0]}`}
                    value={r.attended === null ? '' : r.attended ? 'ja' : 'nein'}
                    onChange={(v) => onAttendance(r, v === 'ja')}
                    data={[
                      { value: 'ja', label: 'erschienen' },
                      { value: 'nein', label: 'nicht erschienen' },
                    ]}
                  />
                ) : (
                  <Text size="sm">{r.attended === null ? '' : r.attended ? 'erschienen' : 'nicht erschienen'}</Text>
                )}
              </Table.Td>
            )}
            <Table.Td>
              <Group gap={4} justify="flex-end" wrap="nowrap">
                {r.canApprove && (
                  <Tooltip label="Bestätigen">
                    <ActionIcon variant="subtle" color="green" aria-label={`${r.userData[1]} ${r.userData[0]} bestätigen`} onClick={() => onApprove(r)}>
                      <IconCheck size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
                {r.canDecline && (
                  <Tooltip label="Ablehnen">
                    <ActionIcon variant="subtle" color="red" aria-label={`${r.userData[1]} ${r.userData[0]} ablehnen`} onClick={() => onDecline(r)}>
                      <IconX size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function TrainingMenu({ t, onAction, onCancel, onDelete }: { t: Training; onAction: TrainingCardProps['onAction']; onCancel: () => void; onDelete: () => void }) {
  const { can } = t;
  if (!can.edit && !can.reschedule && !can.cancel && !can.delete) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Aktionen für ${t.title}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {can.edit && (
          <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => onAction('edit', t)}>
            Bearbeiten
          </Menu.Item>
        )}
        {can.edit && (
          <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => onAction('copy', t)}>
            Kopieren
          </Menu.Item>
        )}
        {can.reschedule && (
          <Menu.Item leftSection={<IconCalendarTime size={16} />} onClick={() => onAction('reschedule', t)}>
            Veranstaltung verschieben
          </Menu.Item>
        )}
        {can.cancel && (
          <Menu.Item leftSection={<IconBan size={16} />} onClick={onCancel}>
            Veranstaltung absagen
          </Menu.Item>
        )}
        {can.delete && (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
            Löschen
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
