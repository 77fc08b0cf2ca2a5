import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZFeedCreatedResponse, ZFeedListResponse, ZFeedRequest } from '@filialportal/core/calendar-feeds';
import type { Wire } from '@filialportal/core/wire';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

const KEY = ['ical', 'feeds'] as const;

/** GET /ical/feeds: the own calendar subscriptions. */
export function useFeeds() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api<Wire<typeof ZFeedListResponse>>('/api/ical/feeds', { signal }) });
}

/** POST /ical/feeds: answers with the secret address, shown once. */
export function useCreateFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof ZFeedRequest>) => api<Wire<typeof ZFeedCreatedResponse>>('/api/ical/feeds', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** DELETE /ical/feeds/{id}: the address stops working at once. */
export function useRevokeFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/ical/feeds/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
