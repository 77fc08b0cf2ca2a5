import { ActionIcon, Indicator } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../shell-api/current-user.tsx';
import { useStockRights } from '../../shell-api/stock-rights.ts';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { useCountQueue, waitingOf } from './count-queue.ts';

/**
 * The header's number of counts waiting on this device to be sent; a click opens the scan
 * session. Drawn for people who change stock, where it also starts sending what waits.
 */
export function CountQueueBadge() {
  const { any } = useStockRights();
  return any ? <Waiting /> : null;
}

function Waiting() {
  const user = useCurrentUser();
  const waiting = waitingOf(useCountQueue(user.id));
  if (waiting === 0) return null;
  const label = waiting === 1 ? '1 Zählung wartet auf Übertragung' : `${waiting} Zählungen warten auf Übertragung`;
  return (
    <Tooltip label={label}>
      <Indicator label={waiting} size={18} color="yellow.7" offset={6}>
        <ActionIcon component={Link} to="/sortiment/bestand?zaehlen=1" variant="subtle" color="stone.8" size="lg" aria-label={label}>
          <IconCloudUpload size={20} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
