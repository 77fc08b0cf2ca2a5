import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage, isSessionLost } from '../api/client.ts';

/** The message of a failed load inside a view; nothing when the session-loss flow took over. */
export function QueryError({ error }: { error: unknown }) {
  if (!error || isSessionLost(error)) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} mb="md" title="Fehler">
      {errorMessage(error)}
    </Alert>
  );
}
