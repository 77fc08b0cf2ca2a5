import { useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useOnline } from '../api/connection.ts';
import { useWaitingUpdate } from './update.ts';
import classes from './ConnectionNotices.module.css';

/**
 * The notices at the foot of every page, the login page included: 'Keine Verbindung' while the
 * server is out of reach (the page stays; what needs data waits for it), and 'Neue Version
 * verfügbar – neu laden' when the service worker has installed a new version.
 */
export function ConnectionNotices() {
  const online = useOnline();
  const update = useWaitingUpdate();
  const [reloading, setReloading] = useState(false);
  if (online && !update) return null;
  return (
    <div className={classes.dock}>
      {!online && (
        <Paper className={classes.notice} data-kind="offline" role="status" aria-live="polite" shadow="md" p="sm" px="md">
          <Text fw={600} size="sm">
            Keine Verbindung
          </Text>
          <Text size="sm">Daten werden geladen, sobald das Netz wieder da ist.</Text>
        </Paper>
      )}
      {update && (
        <Paper className={classes.notice} role="status" aria-live="polite" shadow="md" p="sm" px="md">
          <Group gap="sm" justify="space-between" wrap="nowrap">
            <Text fw={600} size="sm">
              Neue Version verfügbar –
            </Text>
            <Button
              size="compact-sm"
              loading={reloading}
              onClick={() => {
                setReloading(true);
                update();
              }}
            >
              neu laden
            </Button>
          </Group>
        </Paper>
      )}
    </div>
  );
}
