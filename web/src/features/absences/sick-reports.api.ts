import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { ZSickCreditPreview, ZSickReportListResponse, ZSickReportRequest, ZSickReportResponse, ZSickReportRow, ZSickSummaryResponse, ZSickSummaryRow } from '@filialportal/core/sick-reports';
import type { ZUserListAllResponse } from '@filialportal/core/users';
import type { Wire } from '@filialportal/core/wire';
import type { z } from 'zod';
import { api, apiBlob, query, uploadFile } from '../../api/client.ts';
import { useCan } from '../../shell-api/current-user.tsx';
import { SICK_REPORT_PERMISSIONS, type SickListView } from './sick-paths.ts';
import { nextFrom } from '../../ui/infinite-rows.ts';
import type { ListFilters } from '../../ui/useListParams.ts';
import { invalidateAbsences } from './absences.api.ts';

/** A sick report as the lists show it (spec 1 §3 "Sick report"). */
export type SickReportRow = Wire<typeof ZSickReportRow>;

/** A row of the per-employee summary. */
export type SickSummaryRow = Wire<typeof ZSickSummaryRow>;


/** The sick report of POST and PUT /sickreport and of the credit preview. */
export type SickReportBody = z.input<typeof ZSickReportRequest>['sickReport'];

type ListPage = Wire<typeof ZSickReportListResponse>;

type SummaryPage = Wire<typeof ZSickSummaryResponse>;

export const sickKeys = {
  all: ['sickreport'] as const,
  lists: ['sickreport', 'list'] as const,
  list: (view: SickListView, f: ListFilters) => ['sickreport', 'list', view, f.location, f.search, f.year, f.sort] as const,
  summary: (f: ListFilters) => ['sickreport', 'summary', f.location, f.search, f.year, f.sort] as const,
  /** Shared with the other pickers that read GET /user/listall. */
  people: ['user', 'listall'] as const,
};

const filterQuery = (f: ListFilters) => query({ year: f.year, searchTerm: f.search, sort: f.sort });

/** GET /sickreport/{from}/{location}/{view}: 20 rows per step. */
export function useSickReportList(view: SickListView, filters: ListFilters) {
  return useInfiniteQuery({
    queryKey: sickKeys.list(view, filters),
    queryFn: ({ pageParam, signal }) =>
      api<ListPage>(`/api/sickreport/${pageParam}/${encodeURIComponent(filters.location)}/${view}${filterQuery(filters)}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: nextFrom<ListPage>((p) => p.sickReports, (p) => p.count),
  });
}

/** GET /sickreport/summary/{from}/{location}: sick days per person this and last year. */
export function useSickSummary(filters: ListFilters) {
  return useInfiniteQuery({
    queryKey: sickKeys.summary(filters),
    queryFn: ({ pageParam, signal }) =>
      api<SummaryPage>(`/api/sickreport/summary/${pageParam}/${encodeURIComponent(filters.location)}${filterQuery(filters)}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: nextFrom<SummaryPage>((p) => p.users, (p) => p.count),
  });
}

/**
 * GET /user/listall: everyone, for the employee picker (loaded with the page, spec 1 §2); only
 * asked by who may enter sick reports, as the server refuses everyone else.
 */
export function usePickerUsers() {
  const can = useCan();
  return useQuery({
    queryKey: sickKeys.people,
    queryFn: ({ signal }) => api<Wire<typeof ZUserListAllResponse>>('/api/user/listall', { signal }),
    select: (data) => data.users,
    enabled: can(SICK_REPORT_PERMISSIONS),
    staleTime: 60_000,
  });
}

/** A sick report may credit vacation days back (§ 9 BUrlG): the vacation lists change with it. */
const invalidateSick = (client: QueryClient) => Promise.all([client.invalidateQueries({ queryKey: sickKeys.all }), invalidateAbsences(client)]);

/** POST /sickreport (no id) or PUT /sickreport/{id}. */
export function useSaveSickReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, sickReport }: { id?: string; sickReport: SickReportBody }) =>
      api<Wire<typeof ZSickReportResponse>>(id ? `/api/sickreport/${id}` : '/api/sickreport', { method: id ? 'PUT' : 'POST', body: { sickReport } }),
    onSuccess: () => invalidateSick(client),
  });
}

/** POST /sickreport/{id}/certificate: the certificate's file, with upload progress. */
export function useUploadCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: string; file: File; onProgress: (share: number) => void }) =>
      uploadFile<Wire<typeof ZSickReportResponse>>(`/api/sickreport/${id}/certificate${query({ name: file.name })}`, file, onProgress),
    onSuccess: () => invalidateSick(client),
  });
}

/** GET /sickreport/{id}/certificate in a new tab (each view is recorded by the server). */
export async function openCertificate(id: string) {
  const tab = window.open('', '_blank');
  const blob = await apiBlob(`/api/sickreport/${id}/certificate`);
  const url = URL.createObjectURL(blob);
  if (tab) tab.location.href = url;
  else window.location.assign(url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** DELETE /sickreport/{id}; the row leaves the lists at once. */
export function useDeleteSickReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/sickreport/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      client.setQueriesData<InfiniteData<ListPage, number>>({ queryKey: sickKeys.lists }, (data) => {
        if (!data) return data;
        return {
          ...data,
          pages: data.pages.map((page) => {
            const sickReports = page.sickReports.filter((r) => r.id !== id);
            return { ...page, sickReports, count: Math.max(0, page.count - (page.sickReports.length - sickReports.length)) };
          }),
        };
      });
      return invalidateSick(client);
    },
  });
}

/**
 * POST /sickreport/vacationcredit: before saving, the approved vacation the report lies on and the
 * days that will be credited back. Asked once the person and both dates are set.
 */
export function useSickCreditPreview(body: SickReportBody) {
  const { userId, startDate, endDate } = body;
  const complete = Boolean(userId && startDate && endDate && endDate >= startDate);
  return useQuery({
    queryKey: [...sickKeys.all, 'credit', userId, startDate, endDate],
    queryFn: ({ signal }) => api<Wire<typeof ZSickCreditPreview>>('/api/sickreport/vacationcredit', { method: 'POST', body: { sickReport: body }, signal }),
    enabled: complete,
    staleTime: 30_000,
  });
}
