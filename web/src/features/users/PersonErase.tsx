import { useState } from 'react';
import { Button, List, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconTrash } from '@tabler/icons-react';
import { formatDate } from '@filialportal/core/berlin-time';
import { errorMessage } from '../../api/client.ts';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { type ErasureResponse, erasePreview, useErasePerson } from './users.api.ts';
import { Section } from './user-fields.tsx';

/**
 * 'Person endgültig löschen' (Art. 17 GDPR) for a person who left: the confirm lists what goes and
 * what stays without the person, as the server counts it when HR opens it.
 */
export function PersonErase({ userId, name, active, onErased }: { userId: string; name: string; active: boolean; onErased: () => void }) {
  const erase = useErasePerson();
  const [loading, setLoading] = useState(false);

  const open = async () => {
    setLoading(true);
    try {
      const preview = await erasePreview(userId);
      openConfirm({
        title: `${name} endgültig löschen`,
        text: <ErasureLines preview={preview} />,
        confirmLabel: 'Endgültig löschen',
        // Awaited here, not in the mutation's callbacks: the form unmounts when the page is left.
        onConfirm: () =>
          void erase.mutateAsync(userId).then(
            () => {
              notifications.show({ message: `${name} wurde endgültig gelöscht.`, color: 'teal', icon: <IconCircleCheck size={18} /> });
              onErased();
              void erase.invalidate();
            },
            (error: unknown) => notifications.show({ message: errorMessage(error), color: 'red' }),
          ),
      });
    } catch (error) {
      notifications.show({ message: errorMessage(error), color: 'red' });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Section title="Person endgültig löschen">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {active
            ? 'Erst wenn die Person ausgeschieden ist: Setzen Sie sie zuerst auf inaktiv.'
            : 'Löscht Konto, Anmeldungen, Geräte, Krankmeldungen und Dateien der Person. Was aufbewahrt werden muss, bleibt ohne Namen bis zum Ende der Frist.'}
        </Text>
        <Button type="button" variant="default" color="red" leftSection={<IconTrash size={16} />} disabled={active} loading={loading || erase.isPending} onClick={() => void open()}>
          Endgültig löschen …
        </Button>
      </Stack>
    </Section>
  );
}

function ErasureLines({ preview }: { preview: ErasureResponse }) {
  return (
    <Stack gap="sm">
      <Lines title="Wird gelöscht" lines={preview.deleted} />
      {preview.kept.length > 0 && <Lines title="Bleibt ohne die Person" lines={preview.kept} />}
      <Text size="sm" fw={500}>
        Das lässt sich nicht rückgängig machen.
      </Text>
    </Stack>
  );
}

/** One part of the confirm: a kind of record, how many, and how long it is kept (if it is). */
function Lines({ title, lines }: { title: string; lines: ErasureResponse['deleted'] }) {
  return (
    <>
      <Title order={4} size="sm">
        {title}
      </Title>
      <List size="sm" spacing={2} aria-label={title}>
        {lines.map((l) => (
          <List.Item key={l.label}>
            {l.label}: {l.count}
            {l.until ? ` – bis ${formatDate(l.until)}` : ''}
          </List.Item>
        ))}
      </List>
    </>
  );
}
