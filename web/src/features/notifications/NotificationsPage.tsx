import { Button, Card, Group, Skeleton, Stack } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { LoadMoreButton } from '../../ui/LoadMoreButton.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { NotificationList } from './NotificationList.tsx';
import { useMarkRead, useNotifications } from './notifications.api.ts';

/** /benachrichtigungen: everything of the last 90 days that concerned the person, newest first. */
export function NotificationsPage() {
  const list = useNotifications();
  const markRead = useMarkRead();
  const pages = list.data?.pages ?? [];
  const items = pages.flatMap((p) => p.notifications);
  const unread = pages[0]?.unread ?? 0;
  const total = pages[0]?.total ?? 0;
  return (
    <>
      <PageHeader
        title="Benachrichtigungen"
        breadcrumbs={[{ label: 'Dashboard', to: '/dashboard' }, { label: 'Benachrichtigungen' }]}
        actions={
          <Button variant="light" leftSection={<IconChecks size={18} />} disabled={unread === 0} loading={markRead.isPending} onClick={() => markRead.mutate('all')}>
            Alle als gelesen markieren
          </Button>
        }
      />
      <Card p={0}>
        {list.isPending ? (
          <Stack p="md" gap="sm" role="status" aria-label="Wird geladen …">
            {[1, 2, 3, 4].map((i) => (
              <Skeleton key={i} h={48} />
            ))}
          </Stack>
        ) : list.isError ? (
          <Group p="md">
            <QueryError error={list.error} />
          </Group>
        ) : (
          <>
            <NotificationList items={items} />
            <LoadMoreButton shown={items.length} count={total} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
          </>
        )}
      </Card>
    </>
  );
}
