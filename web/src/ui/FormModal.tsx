import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';

export interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** 'Erstellen' for new entries, 'Speichern' for changes. */
  submitLabel: string;
  onSubmit: () => void;
  /** The save is on its way. */
  loading?: boolean;
  /** A failed rule or refusal; shown above the buttons, the input stays. */
  error?: string | null;
  size?: string | number;
  /** The form fills a phone's screen instead of floating in it (default): its fields and buttons keep their full width. */
  fullScreenOnPhone?: boolean;
  children: ReactNode;
}

/** The new/edit dialog of a settings list: fields, the first problem, 'Abbrechen' and submit. */
export function FormModal({ opened, onClose, title, submitLabel, onSubmit, loading, error, size = 'md', fullScreenOnPhone = true, children }: FormModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={fullScreenOnPhone && phone}
      centered
      closeButtonProps={{ 'aria-label': 'Schließen' }}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {children}
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose}>
              Abbrechen
            </Button>
            <Button type="submit" loading={loading}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
