import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconBellRinging, IconBellOff } from '@tabler/icons-react';
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '@filialportal/core/notifications';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useNotificationSettings, useSaveNotificationSettings } from './notifications.api.ts';
import { currentSubscription, disablePush, enablePush, pushSupported } from './push.ts';

type PushState = 'unsupported' | 'denied' | 'off' | 'on' | 'working';

/** Push on this device: asks the browser's permission and subscribes, or ends the subscription. */
function ThisDevice() {
  const [state, setState] = useState<PushState>(pushSupported() ? 'working' : 'unsupported');
  const [problem, setProblem] = useState('');
  useEffect(() => {
    if (!pushSupported()) return;
    if (Notification.permission === 'denied') return setState('denied');
    void currentSubscription().then((sub) => setState(sub ? 'on' : 'off'), () => setState('off'));
  }, []);
  const toggle = async () => {
    setProblem('');
    const wasOn = state === 'on';
    setState('working');
    try {
      if (wasOn) {
        await disablePush();
        setState('off');
      } else {
        const ok = await enablePush();
        setState(ok ? 'on' : Notification.permission === 'denied' ? 'denied' : 'off');
      }
    } catch (err) {
      // The browser's own errors (DOMException) speak English: they get a German sentence.
      setProblem(
        err instanceof ApiError ? errorMessage(err) : err instanceof Error && !(err instanceof DOMException) ? err.message : 'Der Browser konnte Push-Nachrichten nicht einrichten. Bitte versuchen Sie es später noch einmal.',
      );
      setState(wasOn ? 'on' : 'off');
    }
  };
  if (state === 'unsupported') {
    return <Text size="sm" c="dimmed">Dieser Browser kann keine Push-Nachrichten empfangen. Auf dem iPhone geht es, wenn das Filialportal zum Home-Bildschirm hinzugefügt ist.</Text>;
  }
  if (state === 'denied') {
    return <Text size="sm" c="dimmed">Push-Nachrichten sind für diese Seite im Browser blockiert. Sie lassen sich in den Website-Einstellungen des Browsers wieder erlauben.</Text>;
  }
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">{state === 'on' ? 'Dieses Gerät erhält Push-Nachrichten.' : 'Dieses Gerät erhält keine Push-Nachrichten.'}</Text>
        <Button variant={state === 'on' ? 'default' : 'filled'} loading={state === 'working'} leftSection={state === 'on' ? <IconBellOff size={18} /> : <IconBellRinging size={18} />} onClick={() => void toggle()}>
          {state === 'on' ? 'Push ausschalten' : 'Push einschalten'}
        </Button>
      </Group>
      {problem && (
        <Alert color="red" variant="light">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}

/** 'Benachrichtigungen' in the user settings: push on this device, and push and mail per kind. */
export function NotificationSettingsSection() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  // The box follows the click in the click's own render (the cache tells its readers a moment
  // later); once the server has answered the last click, the cache (the stored choices) shows.
  const [clicked, setClicked] = useState<Partial<Record<string, boolean>>>({});
  const change = (kind: NotificationKind, channel: 'push' | 'mail', value: boolean) => {
    const current = settings.data?.kinds.find((k) => k.kind === kind);
    if (!current) return;
    setClicked((c) => ({ ...c, [`${kind}:${channel}`]: value }));
    save.mutate({ kinds: [{ ...current, [channel]: value }] }, { onSettled: () => setClicked({}) });
  };
  return (
    <Card component="section" aria-labelledby="benachrichtigungen-titel">
      <Title order={2} fz={16} id="benachrichtigungen-titel" mb={2}>
        Benachrichtigungen
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Die Glocke oben zeigt alles, was Sie betrifft. Hier wählen Sie, was Sie zusätzlich als Push-Nachricht und per E-Mail erreicht.
      </Text>
      <ThisDevice />
      {settings.isPending ? (
        <Skeleton h={240} mt="md" />
      ) : (
        <Table.ScrollContainer minWidth={320} mt="md">
          <Table verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Art</Table.Th>
                <Table.Th w={80}>Push</Table.Th>
                <Table.Th w={80}>E-Mail</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {settings.data?.kinds.map((k) => (
                <Table.Tr key={k.kind}>
                  <Table.Td>{NOTIFICATION_KIND_LABELS[k.kind]}</Table.Td>
                  {(['push', 'mail'] as const).map((channel) => (
                    <Table.Td key={channel}>
                      <Checkbox
                        checked={clicked[`${k.kind}:${channel}`] ?? k[channel]}
                        onChange={(e) => change(k.kind, channel, e.currentTarget.checked)}
                        aria-label={`${NOTIFICATION_KIND_LABELS[k.kind]}: ${channel === 'push' ? 'Push' : 'E-Mail'}`}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {save.isError && (
        <Alert color="red" variant="light" mt="sm">
          {errorMessage(save.error)}
        </Alert>
      )}
    </Card>
  );
}
