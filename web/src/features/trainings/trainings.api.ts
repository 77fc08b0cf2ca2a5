import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TrainingCategory,
  ZAttendanceRequest,
  ZRegisterSelfRequest,
  ZRegisterUsersRequest,
  ZRegisterResponse,
  ZTraining,
  ZTrainingListResponse,
  ZTrainingRequest,
  ZTrainingResponse,
  ZTrainingsCreatedResponse,
  ZTrainingUpdate,
  ZUsersForTrainingResponse,
  ZUserTrainingsResponse,
  ZValuationRequest,
} from '@filialportal/core/trainings';
import type { Wire } from '@filialportal/core/wire';
import type { z } from 'zod';
import { api, query } from '../../api/client.ts';
import { flattenPages, nextFrom } from '../../ui/infinite-rows.ts';

export type Training = Wire<typeof ZTraining>;
export type Registration = Training['appointments'][number];
export type TrainingList = Wire<typeof ZTrainingListResponse>;
export type RegisterResult = Wire<typeof ZRegisterResponse>;

/** What the form sends: POST /training (`dates` as 'TT.MM.JJJJ, …'), or PUT /training/{id} (with `move`: one date). */
export type TrainingBody = z.input<typeof ZTrainingRequest> | z.input<typeof ZTrainingUpdate>;

export const trainingKeys = {
  all: ['trainings'] as const,
  list: (category: TrainingCategory, old: boolean, year: string) => ['trainings', 'list', category, old, year] as const,
  own: ['trainings', 'own'] as const,
  users: ['trainings', 'users'] as const,
};

/** GET /training/list/{from}/{old}?year&category: one tab, 'Weitere Veranstaltungen anzeigen' continues. */
export function useTrainingList(category: TrainingCategory, old: boolean, year: string) {
  return useInfiniteQuery({
    queryKey: trainingKeys.list(category, old, year),
    queryFn: ({ pageParam, signal }) => api<TrainingList>(`/api/training/list/${pageParam}/${old ? 1 : 0}${query({ year, category })}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: nextFrom<TrainingList>((p) => p.trainings, (p) => p.count),
  });
}

export const trainingRows = (data: Parameters<typeof flattenPages<TrainingList, Training>>[0]) => flattenPages(data, (p: TrainingList) => p.trainings);

/**
 * Every change to a training or a registration refreshes the lists and the dashboard, and the
 * tasks: approving, declining and rating complete linked tasks.
 */
function useTrainingMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: trainingKeys.all }), client.invalidateQueries({ queryKey: ['task'] })]),
  });
}

export function useSaveTraining() {
  return useTrainingMutation(
    ({ id, body }: { id: string | null; body: TrainingBody }): Promise<Wire<typeof ZTrainingResponse> | Wire<typeof ZTrainingsCreatedResponse>> =>
      id ? api(`/api/training/${id}`, { method: 'PUT', body }) : api('/api/training', { method: 'POST', body }),
  );
}

export const useCancelTraining = () => useTrainingMutation((id: string) => api<Wire<typeof ZTrainingResponse>>(`/api/training/${id}/cancel`, { method: 'POST' }));
export const useDeleteTraining = () => useTrainingMutation((id: string) => api(`/api/training/${id}`, { method: 'DELETE' }));

/** 'Interessiert' / 'Warteliste' for oneself; `force` repeats after the warning was confirmed. */
export const useRegisterSelf = () =>
  useTrainingMutation(({ id, force }: { id: string; force?: boolean }) =>
    api<RegisterResult>(`/api/training/registerdirect${force ? '?force=1' : ''}`, { method: 'POST', body: { id } satisfies z.input<typeof ZRegisterSelfRequest> }),
  );

export const useRegisterUsers = () =>
  useTrainingMutation(({ id, body, force }: { id: string; body: z.input<typeof ZRegisterUsersRequest>; force?: boolean }) =>
    api<RegisterResult>(`/api/training/register/${id}${force ? '?force=1' : ''}`, { method: 'POST', body }),
  );

export const useApproveRegistration = () => useTrainingMutation((id: string) => api(`/api/training/register/approve/${id}`, { method: 'POST' }));
export const useDeclineRegistration = () => useTrainingMutation((id: string) => api(`/api/training/register/decline/${id}`, { method: 'POST' }));

export const useMarkAttendance = () =>
  useTrainingMutation(({ id, attended }: { id: string; attended: boolean }) =>
    api(`/api/training/register/attendance/${id}`, { method: 'POST', body: { attended } satisfies z.input<typeof ZAttendanceRequest> }),
  );

export const useRateTraining = () =>
  useTrainingMutation((body: z.input<typeof ZValuationRequest>) => api('/api/valuation', { method: 'POST', body }));

/** The people the actor may register (GET /user/listallfortraining), loaded when the dialog opens. */
export function useUsersForTraining(enabled: boolean) {
  return useQuery({
    queryKey: trainingKeys.users,
    queryFn: ({ signal }) => api<Wire<typeof ZUsersForTrainingResponse>>('/api/user/listallfortraining', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** GET /usertrainings: the own registrations from today on (dashboard). */
export const ownTrainingsQuery = queryOptions({
  queryKey: trainingKeys.own,
  queryFn: ({ signal }) => api<Wire<typeof ZUserTrainingsResponse>>('/api/usertrainings', { signal }),
});

export function useOwnTrainings(enabled = true) {
  return useQuery({ ...ownTrainingsQuery, enabled });
}

/** GET /training/{id}: one training, e.g. the one a news item links to. */
export function useTraining(id: string | null) {
  return useQuery({
    queryKey: ['trainings', 'one', id],
    queryFn: ({ signal }) => api<Wire<typeof ZTrainingResponse>>(`/api/training/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** The navigation counter: trainings created since the person last opened the page. */
export function useTrainingCounter() {
  return useQuery({
    queryKey: ['trainings', 'counter'],
    queryFn: ({ signal }) => api<TrainingList>('/api/training/list/0/0?limit=1', { signal }),
    refetchInterval: 120_000,
  });
}

/** Opening the page zeroes the counter 5 seconds later (spec 1 §4). */
export function useMarkTrainingsSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/seen/trainings', { method: 'PUT' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['trainings', 'counter'] }),
  });
}
