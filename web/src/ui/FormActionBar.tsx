import type { ReactNode } from 'react';
import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './FormActionBar.module.css';

export interface FormMessage {
  kind: 'error' | 'info';
  text: string;
}

export interface FormActionBarProps {
  /** The message of the last check or save: errors as an alert, hints as a status line. */
  message?: FormMessage | null;
  onCloseMessage?: () => void;
  /** The buttons, right-aligned (cancel first, then the main action). */
  children: ReactNode;
}

/**
 * The buttons of a long settings form, kept in view at the bottom of the page together with
 * the message of the last check, so a refused save is always seen next to the button.
 */
export function FormActionBar({ message, onCloseMessage, children }: FormActionBarProps) {
  return (
    <Paper className={classes.bar} withBorder shadow="sm" p="sm" mt="lg">
      <Stack gap="sm">
        {message && (
          <Alert
            color={message.kind === 'error' ? 'red' : 'blue'}
            variant="light"
            icon={message.kind === 'error' ? <IconAlertCircle size={18} /> : <IconInfoCircle size={18} />}
            role={message.kind === 'error' ? 'alert' : 'status'}
            withCloseButton={!!onCloseMessage}
            closeButtonLabel="Hinweis schließen"
            onClose={onCloseMessage}
            py="xs"
          >
            {message.text}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {children}
        </Group>
      </Stack>
    </Paper>
  );
}

export interface SaveBarProps extends Omit<FormActionBarProps, 'children'> {
  /** Where 'Abbrechen' (or 'Zurück' when read-only) leads. */
  cancelTo: string;
  /** Only viewing: 'Zurück' and no 'Speichern'. */
  readOnly?: boolean;
  /** The save is on its way. */
  saving?: boolean;
}

/** The action bar of an editor page: 'Abbrechen' (or 'Zurück') and 'Speichern' as the submit. */
export function SaveBar({ cancelTo, readOnly = false, saving = false, ...bar }: SaveBarProps) {
  return (
    <FormActionBar {...bar}>
      <Button component={Link} to={cancelTo} variant="default">
        {readOnly ? 'Zurück' : 'Abbrechen'}
      </Button>
      {!readOnly && (
        <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={18} />}>
          Speichern
        </Button>
      )}
    </FormActionBar>
  );
}
