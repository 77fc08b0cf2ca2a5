import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZBlockedPeriod, ZBlockedPeriodListResponse, ZBlockedPeriodRequest, ZBlockedPeriodResponse } from '@filialportal/core/blocked-periods';
import type { Wire } from '@filialportal/core/wire';
import type { z } from 'zod';
import { api, query } from '../../api/client.ts';

export type BlockedPeriod = Wire<typeof ZBlockedPeriod>;
export type BlockedPeriodInput = z.input<typeof ZBlockedPeriodRequest>['blockedPeriod'];

const keys = {
  all: ['blockedperiods'] as const,
  list: (page: number, past: boolean) => ['blockedperiods', page, past] as const,
};

/** GET /blockedperiods: the company's and the own locations' blocked periods, 6 a page (page from 0). */
export function useBlockedPeriods(page: number, past: boolean) {
  return useQuery({
    queryKey: keys.list(page, past),
    queryFn: ({ signal }) => api<Wire<typeof ZBlockedPeriodListResponse>>(`/api/blockedperiods${query({ page, past: past ? 1 : 0 })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST (new) or PUT (with id) /blockedperiods. */
export function useSaveBlockedPeriod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: BlockedPeriodInput }) =>
      api<Wire<typeof ZBlockedPeriodResponse>>(id ? `/api/blockedperiods/${id}` : '/api/blockedperiods', { method: id ? 'PUT' : 'POST', body: { blockedPeriod: input } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteBlockedPeriod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/blockedperiods/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
