import { Box, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { formatDateTime } from '@filialportal/core/berlin-time';
import { MSG } from '@filialportal/core/messages';
import { useNavigate } from 'react-router';
import { useMarkRead, type NotificationItem } from './notifications.api.ts';
import classes from './Notifications.module.css';

/** 'vor 5 Minuten', 'gestern', or the date: when it happened, as a person reads it at a glance. */
export function whenText(iso: string, now = Date.now()): string {
  const minutes = Math.round((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'gerade eben';
  if (minutes < 60) return `vor ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'}`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `vor ${hours} ${hours === 1 ? 'Stunde' : 'Stunden'}`;
  return formatDateTime(iso);
}

/** The notifications as a list of buttons: opening one marks it read and goes to its object. */
export function NotificationList({ items, onOpen }: { items: readonly NotificationItem[]; onOpen?: () => void }) {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  if (items.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {MSG.noNotifications}
      </Text>
    );
  }
  return (
    <Stack gap={0} component="ul" className={classes.list} aria-label="Benachrichtigungen">
      {items.map((n) => (
        <li key={n.id}>
          <UnstyledButton
            className={classes.item}
            data-unread={n.readAt ? undefined : true}
            onClick={() => {
              if (!n.readAt) markRead.mutate(n.id);
              onOpen?.();
              if (n.link) void navigate(n.link);
            }}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Box className={classes.dot} aria-hidden />
              <Box miw={0}>
                <Text size="sm" fw={n.readAt ? 400 : 600} lineClamp={2}>
                  {n.title}
                  {!n.readAt && <VisuallyHidden> (ungelesen)</VisuallyHidden>}
                </Text>
                {n.body && (
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {n.body}
                  </Text>
                )}
                <Text size="xs" c="dimmed" mt={2}>
                  {whenText(n.createdAt)}
                </Text>
              </Box>
            </Group>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}
