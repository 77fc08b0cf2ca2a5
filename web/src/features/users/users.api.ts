import { queryOptions, useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import type {
  CurrentUserResponse,
  ZCreateUserRequest,
  ZUpdateOwnSettingsRequest,
  ZUpdateUserRequest,
  ZUserActiveResponse,
  ZUserDetail,
  ZUserListResponse,
  ZUserListRow,
  ZUserResponse,
} from '@filialportal/core/users';
import type { ZErasureResponse } from '@filialportal/core/erasure';
import type { Wire } from '@filialportal/core/wire';
import type { z } from 'zod';
import { api, query } from '../../api/client.ts';

/** A row of the settings user list (GET /user/list/{page}). */
export type UserListRow = Wire<typeof ZUserListRow>;

/** GET /user/list/{page}: one page, the number of rows and of pages (`pn`). */
export type UserListResponse = Wire<typeof ZUserListResponse>;

/** Body of PUT /user/{id} for the own settings (spec 3 §3 "User settings"). */
export type OwnSettingsBody = z.input<typeof ZUpdateOwnSettingsRequest>;

export const userKeys = {
  current: ['user', 'current'] as const,
  lists: ['user', 'list'] as const,
  list: (page: number, search: string, sort: string) => ['user', 'list', page, search, sort] as const,
  detail: (id: string) => ['user', 'detail', id] as const,
};

/** GET /user/{id}: every field of spec 3 §3 User. */
export type UserDetail = Wire<typeof ZUserDetail>;

/** Body of POST /user and PUT /user/{id} from the settings area (always with `role`, the group's name). */
export type UserSaveBody = z.input<typeof ZCreateUserRequest> | z.input<typeof ZUpdateUserRequest>;

/** GET /user: the logged-in user; loaded once at start-up, refreshed after own changes. */
export const currentUserQuery = queryOptions({
  queryKey: userKeys.current,
  queryFn: ({ signal }) => api<CurrentUserResponse>('/api/user', { signal }),
  staleTime: 60_000,
});

/** GET /user/list/{page}: 6 per page, page counted from 0. */
export function useUserList(page: number, search: string, sort: string) {
  return useQuery({
    queryKey: userKeys.list(page, search, sort),
    queryFn: ({ signal }) => api<UserListResponse>(`/api/user/list/${page}${query({ userSearch: search, sort })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** PUT /user/{id} for the own settings; the answer is the new current user. */
export function useSaveOwnSettings(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OwnSettingsBody) => api<CurrentUserResponse>(`/api/user/${userId}`, { method: 'PUT', body }),
    onSuccess: (data) => {
      client.setQueryData(userKeys.current, data);
      void client.invalidateQueries({ queryKey: ['user'] });
    },
  });
}

/** GET /user/{id}; disabled without an id (new user). */
export function useUserDetail(id: string | undefined) {
  return useQuery({
    queryKey: userKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api<Wire<typeof ZUserResponse>>(`/api/user/${id}`, { signal }),
    select: (data) => data.user,
    enabled: !!id,
    // The form starts from what the server holds now, not from an older copy.
    staleTime: 0,
    gcTime: 0,
  });
}

/** After a change: lists, details, the current user (it may be oneself) and group counts. */
function useInvalidateUsers() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ['user'] }), client.invalidateQueries({ queryKey: ['team'] })]);
}

/** POST /user (no id) or PUT /user/{id}. */
export function useSaveUser(id: string | undefined) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: UserSaveBody) =>
      api<Wire<typeof ZUserResponse>>(id ? `/api/user/${id}` : '/api/user', { method: id ? 'PUT' : 'POST', body }),
    onSuccess: () => invalidate(),
  });
}

/** DELETE /user/{id}/2fa: a person's second factors reset (lost phone and codes). */
export function useResetSecondFactors() {
  return useMutation({ mutationFn: (id: string) => api<void>(`/api/user/${id}/2fa`, { method: 'DELETE' }) });
}

/** DELETE /user/{id}. */
export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/user/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidate(),
  });
}

/** GET /user/{id}/erase and the answer of POST: what erasure deletes and what it keeps without the person. */
export type ErasureResponse = Wire<typeof ZErasureResponse>;

/** GET /user/{id}/erase: what erasing would do, counted now (asked when HR opens the confirm). */
export const erasePreview = (id: string) => api<ErasureResponse>(`/api/user/${id}/erase`);

/**
 * POST /user/{id}/erase: erases a person who left. The caller leaves the person's page first and
 * then calls `invalidate`: refreshing the open page would show the person as not found.
 */
export function useErasePerson() {
  const invalidate = useInvalidateUsers();
  const mutation = useMutation({ mutationFn: (id: string) => api<ErasureResponse>(`/api/user/${id}/erase`, { method: 'POST' }) });
  return { ...mutation, invalidate };
}

/** GET /activate/user/{id}: toggles active; the answer carries the new state. */
export function useToggleUserActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Wire<typeof ZUserActiveResponse>>(`/api/activate/user/${id}`),
    onSuccess: ({ id, active }) => {
      // The visible rows change at once; the lists are refetched behind it (sorting by 'active').
      client.setQueriesData<UserListResponse>({ queryKey: userKeys.lists }, (data) =>
        data ? { ...data, users: data.users.map((u) => (u.id === id ? { ...u, active } : u)) } : data,
      );
      void client.invalidateQueries({ queryKey: userKeys.lists });
      void client.invalidateQueries({ queryKey: userKeys.detail(id) });
    },
  });
}

