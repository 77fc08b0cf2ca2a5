import { useEffect, useSyncExternalStore } from 'react';
import { Button, Group, Modal, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconX } from '@tabler/icons-react';

export type AlertType = 'info' | 'error' | 'warning';

/** The German titles of the alert types (spec 1 §2 "Alert popup"). */
export const ALERT_TITLES: Record<AlertType, string> = { info: 'Info', error: 'Fehler', warning: 'Warnung' };

interface AlertState {
  type: AlertType;
  message: string;
  /** Close by itself after so many milliseconds. */
  autoClose?: number;
}

const INITIAL: AlertState = { type: 'info', message: '' };
let state: AlertState = INITIAL;
const listeners = new Set<() => void>();

function set(next: AlertState) {
  state = next;
  for (const l of listeners) l();
}

/** Shows the global alert popup. */
export function showAlert(message: string, type: AlertType = 'info', autoClose?: number) {
  set({ type, message, autoClose });
}

/** Hides the popup; the type returns to info and the message to empty. */
export function hideAlert() {
  set(INITIAL);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const get = () => state;

const ICONS = { info: IconInfoCircle, error: IconX, warning: IconAlertTriangle } as const;
const COLORS = { info: 'blue', error: 'red', warning: 'orange' } as const;

/** The one global alert popup; mount once near the root. */
export function AlertPopup() {
  const alert = useSyncExternalStore(subscribe, get, get);
  const opened = alert.message !== '';

  useEffect(() => {
    if (!opened || !alert.autoClose) return;
    const timer = setTimeout(hideAlert, alert.autoClose);
    return () => clearTimeout(timer);
  }, [opened, alert]);

  const Icon = ICONS[alert.type];
  return (
    <Modal
      opened={opened}
      onClose={hideAlert}
      centered
      size="sm"
      zIndex={400}
      closeButtonProps={{ 'aria-label': 'Schließen' }}
      title={
        <Group gap="xs">
          <ThemeIcon variant="light" color={COLORS[alert.type]} size="md" radius="xl">
            <Icon size={16} />
          </ThemeIcon>
          <Text fw={600}>{ALERT_TITLES[alert.type]}</Text>
        </Group>
      }
    >
      <Text role="alert">{alert.message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={hideAlert}>
          OK
        </Button>
      </Group>
    </Modal>
  );
}
