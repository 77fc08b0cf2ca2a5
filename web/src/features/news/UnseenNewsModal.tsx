import { useEffect, useState } from 'react';
import { Badge, Button, Group, Modal, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { teaser } from '@filialportal/core/news-basics';
import { useCan } from '../../shell-api/current-user.tsx';
import { useMarkSeen, useUnseenNews } from './news.api.ts';

/** Shown once per login when news appeared since the person last saw news ('Alle gelesen'). */
const SHOWN_KEY = 'filialportal.unseenNewsShown';

/**
 * After login: the news published since the person last saw news (spec 3 §2). 'Alle gelesen'
 * sets the seen marker; closing only hides the dialog for this session.
 */
export function UnseenNewsModal() {
  const can = useCan();
  const allowed = can({ anyOf: ['neuigkeiten_alle_sehen', 'neuigkeiten_eigene_sehen'] });
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(SHOWN_KEY) === '1');
  // Not asked at all once shown in this session.
  const unseen = useUnseenNews(allowed && !dismissed);
  const markSeen = useMarkSeen('news');
  const navigate = useNavigate();
  const items = unseen.data?.news ?? [];
  const open = allowed && !dismissed && items.length > 0;

  useEffect(() => {
    if (open) sessionStorage.setItem(SHOWN_KEY, '1');
  }, [open]);

  const close = () => setDismissed(true);
  const readAll = () => markSeen.mutate(undefined, { onSettled: close });

  return (
    <Modal opened={open} onClose={close} title="Neue Neuigkeiten" size="lg" centered>
      <ScrollArea.Autosize mah="60vh" viewportProps={{ tabIndex: 0 }}>
        <Stack gap="md">
          {items.map((n) => (
            <Stack key={n.id} gap={2}>
              <Group gap="xs">
                <Text size="xs" c="dimmed">
                  {n.dateFormated}
                </Text>
                <Badge size="xs" variant="light" color="oak">
                  {n.category}
                </Badge>
                {n.requiresConfirmation && !n.confirmed && (
                  <Badge size="xs" variant="light" color="red">
                    Lesebestätigung
                  </Badge>
                )}
              </Group>
              <Title order={3} fz={16}>
                {n.title}
              </Title>
              <Text size="sm" c="dimmed">
                {teaser(n.text)}
              </Text>
            </Stack>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => (close(), void navigate('/neuigkeiten'))}>
          Zu den Neuigkeiten
        </Button>
        <Button onClick={readAll} loading={markSeen.isPending}>
          Alle gelesen
        </Button>
      </Group>
    </Modal>
  );
}
