import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { mondayOf, type CalendarWeek, type ZCalendarSaveResponse, type ZLocationAppointmentRequest, type ZLocationInfoRequest } from '@filialportal/core/calendar';
import type { Wire } from '@filialportal/core/wire';
import type { z } from 'zod';
import { api } from '../../api/client.ts';
import { applyCellChange, type CellChange } from './calendar-grid.ts';

export const calendarKeys = {
  all: ['calendar'] as const,
  /** One week of one location; any day of the week maps to its Monday. */
  week: (locationId: string, date: string) => ['calendar', locationId, mondayOf(date)] as const,
};

/**
 * GET /calendar/{location}/{date}: the week holding `date`. While the next week loads, the
 * shown one stays (marked as placeholder) so the grid does not jump.
 */
export function useCalendarWeek(locationId: string | null, date: string) {
  return useQuery({
    queryKey: calendarKeys.week(locationId ?? '', date),
    queryFn: ({ signal }) => api<CalendarWeek>(`/api/calendar/${encodeURIComponent(locationId!)}/${date}`, { signal }),
    enabled: locationId !== null,
    placeholderData: keepPreviousData,
  });
}

function invalidateWeeks(client: QueryClient) {
  return client.invalidateQueries({ queryKey: calendarKeys.all });
}

/** POST /locationappointment: sets (or with status null removes) a hand-set status, shown at once. */
export function useSetCellStatus(locationId: string, date: string) {
  const client = useQueryClient();
  const key = calendarKeys.week(locationId, date);
  return useMutation({
    mutationFn: (change: CellChange) => api<Wire<typeof ZCalendarSaveResponse>>('/api/locationappointment', { method: 'POST', body: { locationAppointment: change } satisfies z.input<typeof ZLocationAppointmentRequest> }),
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<CalendarWeek>(key);
      if (before) client.setQueryData<CalendarWeek>(key, applyCellChange(before, change));
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSettled: () => invalidateWeeks(client),
  });
}

/** POST /locationinfo: the info row of a day; an empty text removes it. */
export function useSetDayInfo(locationId: string, date: string) {
  const client = useQueryClient();
  const key = calendarKeys.week(locationId, date);
  return useMutation({
    mutationFn: (info: z.input<typeof ZLocationInfoRequest>['locationInfo']) => api<Wire<typeof ZCalendarSaveResponse>>('/api/locationinfo', { method: 'POST', body: { locationInfo: info } }),
    onMutate: async (info) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<CalendarWeek>(key);
      if (before) {
        client.setQueryData<CalendarWeek>(key, {
          ...before,
          days: before.days.map((d) => (d.date === info.date ? { ...d, info: info.info } : d)),
        });
      }
      return { before };
    },
    onError: (_error, _info, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSettled: () => invalidateWeeks(client),
  });
}
