import { useState } from 'react';
import { ActionIcon, Anchor, Button, Divider, Group, Indicator, Popover, ScrollArea, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { Link } from 'react-router';
import { countOf } from '@filialportal/core/plural';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { NotificationList } from './NotificationList.tsx';
import { useMarkRead, useNotifications } from './notifications.api.ts';
import classes from './Notifications.module.css';

/**
 * The bell in the header: the unread count (the live events read it again when something new
 * arrives for this person) and, on a click, the latest notifications with a way to all of them.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  // Drawn after the page's first view (routes.tsx): on a phone network the page comes first.
  const list = useNotifications();
  const markRead = useMarkRead();
  const first = list.data?.pages[0];
  const unread = first?.unread ?? 0;
  const label = unread > 0 ? `Benachrichtigungen, ${countOf(unread, 'ungelesene', 'ungelesene')}` : 'Benachrichtigungen';
  // A phone has no room for a list beside the page: the bell leads to the list itself.
  const phone = useMediaQuery('(max-width: 36em)');
  if (phone) {
    return (
      <Indicator label={unread > 99 ? '99+' : unread} size={18} disabled={unread === 0} color="oak" offset={6}>
        <ActionIcon component={Link} to="/benachrichtigungen" variant="subtle" color="stone.8" size={44} aria-label={label}>
          <IconBell size={22} stroke={1.7} />
        </ActionIcon>
      </Indicator>
    );
  }
  return (
    // No fade: the list is there at once, and nothing is checked or read half transparent.
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" withinPortal trapFocus returnFocus transitionProps={{ duration: 0 }}>
      <Popover.Target>
        <Tooltip label="Benachrichtigungen" disabled={opened}>
          <Indicator label={unread > 99 ? '99+' : unread} size={18} disabled={unread === 0} color="oak" offset={6}>
            <ActionIcon variant="subtle" color="stone.8" size={44} onClick={() => setOpened((o) => !o)} aria-label={label} aria-expanded={opened} aria-haspopup="dialog">
              <IconBell size={22} stroke={1.7} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown className={classes.dropdown} role="dialog" aria-label="Benachrichtigungen">
        <Group justify="space-between" px="md" py="xs" wrap="nowrap">
          <Text fw={600}>Benachrichtigungen</Text>
          <Button variant="subtle" size="compact-sm" leftSection={<IconChecks size={16} />} disabled={unread === 0} loading={markRead.isPending} onClick={() => markRead.mutate('all')}>
            Alle gelesen
          </Button>
        </Group>
        <Divider />
        <ScrollArea.Autosize className={classes.scroll}>
          {list.isPending ? (
            <Text c="dimmed" ta="center" py="lg" role="status">
              Wird geladen …
            </Text>
          ) : (
            <NotificationList items={first?.notifications.slice(0, 10) ?? []} onOpen={() => setOpened(false)} />
          )}
        </ScrollArea.Autosize>
        <Divider />
        <Group justify="center" py="xs">
          <Anchor component={Link} to="/benachrichtigungen" size="sm" onClick={() => setOpened(false)} py={10}>
            Alle Benachrichtigungen
          </Anchor>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
