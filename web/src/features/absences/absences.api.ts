import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Wire } from '@filialportal/core/wire';
import type { z } from 'zod';
import type {
  ZDeputyCandidatesResponse,
  ZDeputyRequestsResponse,
  ZVacationWarningsResponse,
  ZContingent,
  ZContingentsResponse,
  ZVacationDecision,
  ZVacationLimitedResponse,
  ZVacationListResponse,
  ZVacationOverviewResponse,
  ZVacationOverviewRow,
  ZVacationRequest,
  ZVacationResponse,
  ZVacationRow,
} from '@filialportal/core/vacation';
import { api, query } from '../../api/client.ts';
import { nextFrom } from '../../ui/infinite-rows.ts';
import type { ListFilters } from '../../ui/useListParams.ts';

/** The list views of the vacation page: 1 open, 2 accepted, 3 past, 5 declined. */
export type VacationListView = '1' | '2' | '3' | '5';
/** Every view: the lists and 4, the overview of everyone's account. */
export type VacationView = VacationListView | '4';

/** A row of GET /absence/{from}/{location}/{view} (spec 1 §3 "Absence request"). */
export type VacationRow = Wire<typeof ZVacationRow>;

/** A row of the overview (view 4): one person's account in one year. */
export type OverviewRow = Wire<typeof ZVacationOverviewRow>;

/** The own account of one year (GET /user-contingents). */
export type Contingent = Wire<typeof ZContingent>;

type VacationPage = Wire<typeof ZVacationListResponse>;

type OverviewPage = Wire<typeof ZVacationOverviewResponse>;

/** The appointment of POST /appointment, as the form sends it (overtime as typed, e.g. '7,5'). */
export type VacationRequestBody = z.input<typeof ZVacationRequest>['appointment'];

/**
 * POST /appointment answers 200 `{ appointment }` or 224 `{ appointment, available, message }`
 * (only then: the days that remain and 'Nur noch {n} Tage verfügbar. Antrag trotzdem stellen?').
 */
export type VacationRequestAnswer = Wire<typeof ZVacationResponse> & Partial<Omit<Wire<typeof ZVacationLimitedResponse>, 'appointment'>>;

export const absenceKeys = {
  all: ['absence'] as const,
  list: (view: VacationListView, f: ListFilters) => ['absence', 'list', view, f.location, f.search, f.year, f.sort] as const,
  overview: (f: ListFilters, previousYears: boolean) => ['absence', 'overview', f.location, f.search, f.sort, previousYears] as const,
  contingents: ['absence', 'contingents'] as const,
};

/** GET /absence/{from}/{location}/{view}?year&searchTerm&sort: 20 rows per step. */
export function useVacationList(view: VacationListView, filters: ListFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: absenceKeys.list(view, filters),
    queryFn: ({ pageParam, signal }) =>
      api<VacationPage>(
        `/api/absence/${pageParam}/${encodeURIComponent(filters.location)}/${view}${query({ year: filters.year, searchTerm: filters.search, sort: filters.sort })}`,
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: nextFrom<VacationPage>((p) => p.absences, (p) => p.count),
    enabled,
  });
}

/** The number of people among overview rows (one row per person and year). */
export function countPeople(rows: readonly OverviewRow[]): number {
  return new Set(rows.map((r) => r.userId)).size;
}

/** GET /user/listallabsenceuseroverview: everyone's account, ordered by team unless sorted. */
export function useVacationOverview(filters: ListFilters, previousYears: boolean, enabled = true) {
  return useInfiniteQuery({
    queryKey: absenceKeys.overview(filters, previousYears),
    queryFn: ({ pageParam, signal }) =>
      api<OverviewPage>(
        `/api/user/listallabsenceuseroverview${query({
          from: pageParam,
          location: filters.location,
          searchTerm: filters.search,
          sort: filters.sort,
          previousYears: previousYears ? 1 : undefined,
        })}`,
        { signal },
      ),
    initialPageParam: 0,
    // Steps and count are people; with earlier years a person has several rows.
    getNextPageParam: (last: OverviewPage, pages: OverviewPage[]) => {
      const shown = countPeople(pages.flatMap((p) => p.users));
      return last.users.length > 0 && shown < last.count ? shown : undefined;
    },
    enabled,
  });
}

/** GET /user-contingents: the own account per year. */
export function useContingents() {
  return useQuery({
    queryKey: absenceKeys.contingents,
    queryFn: ({ signal }) => api<Wire<typeof ZContingentsResponse>>('/api/user-contingents', { signal }),
    select: (data) => data.contingents,
  });
}

/** Lists, accounts and the approval tasks change together. */
export function invalidateAbsences(client: QueryClient) {
  return Promise.all([client.invalidateQueries({ queryKey: absenceKeys.all }), client.invalidateQueries({ queryKey: ['task'] })]);
}

/** Takes a request out of every cached list at once, keeping the totals right. */
function dropRow(client: QueryClient, id: string) {
  client.setQueriesData<InfiniteData<VacationPage, number>>({ queryKey: ['absence', 'list'] }, (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) => {
        const absences = page.absences.filter((a) => a.id !== id);
        return { ...page, absences, count: Math.max(0, page.count - (page.absences.length - absences.length)) };
      }),
    };
  });
}

/** GET /deputycandidates: who may stand in for the reader (the request form's choice). */
export function useDeputyCandidates() {
  return useQuery({
    queryKey: ['deputycandidates'],
    queryFn: ({ signal }) => api<Wire<typeof ZDeputyCandidatesResponse>>('/api/deputycandidates', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /deputyrequests: the requests in which the reader stands in. */
export function useDeputyRequests() {
  return useQuery({ queryKey: ['deputyrequests'], queryFn: ({ signal }) => api<Wire<typeof ZDeputyRequestsResponse>>('/api/deputyrequests', { signal }) });
}
export type DeputyRequest = Wire<typeof ZDeputyRequestsResponse>['requests'][number];

/** POST /appointment/{id}/deputy/decline. */
export function useDeclineDeputy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api<Wire<typeof ZDeputyRequestsResponse>>(`/api/appointment/${id}/deputy/decline`, { method: 'POST', body: { reason } }),
    onSuccess: (answer) => {
      client.setQueryData(['deputyrequests'], answer);
      return invalidateAbsences(client);
    },
  });
}

/** GET /appointment/{id}/warnings: the request's warnings as of now (minimum staffing, absent deputies). */
export async function currentWarnings(id: string): Promise<string[]> {
  return (await api<Wire<typeof ZVacationWarningsResponse>>(`/api/appointment/${id}/warnings`)).warnings;
}

/** POST /appointment. A 224 answer is a success too: the request exists, the person decides. */
export function useRequestVacation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (appointment: VacationRequestBody) =>
      api<VacationRequestAnswer>('/api/appointment', { method: 'POST', body: { appointment } }),
    onSuccess: () => invalidateAbsences(client),
  });
}

/** DELETE /appointment/{id}: a withdrawn or deleted request, with its approval task. */
export function useDeleteVacation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/appointment/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      dropRow(client, id);
      return invalidateAbsences(client);
    },
  });
}

/** PUT /updateabsence/{id}/{1|0}: accept, or decline with an optional reason. */
export function useDecideVacation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, reason, note, handTasksTo }: { id: string; approve: boolean; reason?: string; note?: string; handTasksTo?: string | null }) =>
      api<Wire<typeof ZVacationResponse>>(`/api/updateabsence/${id}/${approve ? 1 : 0}`, {
        method: 'PUT',
        ...(reason || note || handTasksTo ? { body: { reason, note, handTasksTo } satisfies z.input<typeof ZVacationDecision> } : {}),
      }),
    onSuccess: () => invalidateAbsences(client),
  });
}
