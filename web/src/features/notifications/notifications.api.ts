import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZNotification, ZNotificationReadResponse, ZNotificationSettings, ZNotificationsResponse, ZPushKeyResponse } from '@filialportal/core/notifications';
import type { Wire } from '@filialportal/core/wire';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

export type NotificationItem = Wire<typeof ZNotification>;
type Page = Wire<typeof ZNotificationsResponse>;
export type NotificationSettings = z.infer<typeof ZNotificationSettings>;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  settings: ['notifications-settings'] as const,
};

/** The person's notifications, 20 at a time, newest first; every page carries the unread count. */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) => api<Page>(`/api/notifications?from=${pageParam}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((n, p) => n + p.notifications.length, 0);
      return last.notifications.length > 0 && shown < last.total ? shown : undefined;
    },
  });
}

/** Marks one read (when it is opened) or all; the bell and the list follow. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'all') =>
      api<z.infer<typeof ZNotificationReadResponse>>(id === 'all' ? '/api/notifications/read-all' : `/api/notifications/${id}/read`, { method: 'PUT' }),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useNotificationSettings() {
  return useQuery({ queryKey: notificationKeys.settings, queryFn: ({ signal }) => api<NotificationSettings>('/api/notifications/settings', { signal }) });
}

export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) => api<NotificationSettings>('/api/notifications/settings', { method: 'PUT', body: body satisfies z.input<typeof ZNotificationSettings> }),
    // The box ticks at once; a refusal puts the stored choice back.
    onMutate: async (body) => {
      await client.cancelQueries({ queryKey: notificationKeys.settings });
      const before = client.getQueryData<NotificationSettings>(notificationKeys.settings);
      if (before) client.setQueryData(notificationKeys.settings, { kinds: before.kinds.map((k) => body.kinds.find((c) => c.kind === k.kind) ?? k) });
      return { before };
    },
    onError: (_err, _body, context) => context?.before && client.setQueryData(notificationKeys.settings, context.before),
    onSuccess: (saved) => client.setQueryData(notificationKeys.settings, saved),
  });
}

export const fetchPushKey = () => api<z.infer<typeof ZPushKeyResponse>>('/api/push/key');
export const savePushSubscription = (subscription: PushSubscriptionJSON) => api<{ id: string }>('/api/push/subscriptions', { method: 'POST', body: subscription });
export const deletePushSubscription = (endpoint: string) => api<null>('/api/push/subscriptions', { method: 'DELETE', body: { endpoint } });
