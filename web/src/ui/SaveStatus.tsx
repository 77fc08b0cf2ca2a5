import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { MSG } from '@filialportal/core/messages';

/** Below a settings form: a refusal that no field shows, or 'Änderungen gespeichert'. */
export function SaveStatus({ message, saved }: { message: string | null; saved: boolean }) {
  if (message) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        {message}
      </Alert>
    );
  }
  if (!saved) return null;
  return (
    <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
      {MSG.saved}
    </Alert>
  );
}
