import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZAuditListResponse } from '@filialportal/core/audit';
import type { RetentionSettings, ZRetentionResponse } from '@filialportal/core/retention';
import type { ZUserListAllResponse } from '@filialportal/core/users';
import type { Wire } from '@filialportal/core/wire';
import { api, query } from '../../api/client.ts';
import { auditSearch, type AuditFilters } from './audit-filters.ts';

export type AuditPage = Wire<typeof ZAuditListResponse>;
export type AuditRow = AuditPage['list'][number];
type RetentionAnswer = Wire<typeof ZRetentionResponse>;

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditFilters) => ['audit', 'list', filters] as const,
  retention: ['globalsettings', 'retention'] as const,
  /** Shared with the other pickers that read GET /user/listall. */
  people: ['user', 'listall'] as const,
};

/** GET /audit: newest first, 50 a step; each step continues after the last (`next`), there is no total. */
export function useAuditList(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam, signal }) => api<AuditPage>(`/api/audit${query({ ...auditSearch(filters), from: pageParam })}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    // Another filter keeps the rows on screen until its answer replaces them.
    placeholderData: keepPreviousData,
  });
}

/** The export of the same filters (GET, the token in the header). */
export const auditExportPath = (filters: AuditFilters) => `/api/audit/export${query(auditSearch(filters))}`;

/** GET /user/listall: everyone, for the person filter (Admin passes its check). */
export function usePeople() {
  return useQuery({
    queryKey: auditKeys.people,
    queryFn: ({ signal }) => api<Wire<typeof ZUserListAllResponse>>('/api/user/listall', { signal }),
    select: (data) => data.users,
    staleTime: 60_000,
  });
}

/** GET /globalsettings/retention: every kind in days. */
export function useRetention() {
  return useQuery({
    queryKey: auditKeys.retention,
    queryFn: ({ signal }) => api<RetentionAnswer>('/api/globalsettings/retention', { signal }),
    select: (data) => data.retention,
  });
}

/** PUT /globalsettings/retention; the change is an entry of the trail, so its list is read again. */
export function useSaveRetention() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (retention: RetentionSettings) => api<RetentionAnswer>('/api/globalsettings/retention', { method: 'PUT', body: { retention } }),
    onSuccess: (data) => {
      client.setQueryData(auditKeys.retention, data);
      return client.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}
