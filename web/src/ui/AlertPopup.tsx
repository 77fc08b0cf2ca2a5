import { useEffect } from 'react';
import { Button, Group, Modal, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconX } from '@tabler/icons-react';
import { type AlertType, hideAlert, useAlert } from './alert-store.ts';

// Where the features import it from.
export { showAlert } from './alert-store.ts';

/** The German titles of the alert types (spec 1 §2 "Alert popup"). */
export const ALERT_TITLES: Record<AlertType, string> = { info: 'Info', error: 'Fehler', warning: 'Warnung' };

const ICONS = { info: IconInfoCircle, error: IconX, warning: IconAlertTriangle } as const;
const COLORS = { info: 'blue', error: 'red', warning: 'orange' } as const;

/** The one global alert popup; mount once near the root. */
export function AlertPopup() {
  const alert = useAlert();
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
