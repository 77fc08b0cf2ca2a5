import { queryOptions, useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import type { CurrentUserResponse } from '@filialportal/core/users';
import { api, apiBlob, query } from '../../api/client.ts';

/** A row of the settings user list (GET /user/list/{page}). */
export interface UserListRow {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  phone: string;
  personalNumber: string | null;
  location: string;
  locationLabel: string;
  role: string;
  roleLabel: string;
  active: boolean;
  resourceUri: string | null;
}

export interface UserListResponse {
  users: UserListRow[];
  count: number;
  /** Number of pages. */
  pn: number;
}

/** Body of PUT /user/{id} for the own settings (spec 3 §3 "User settings"). */
export interface OwnSettingsBody {
  user: { firstName: string; lastName: string; phone: string; selectedLocation?: string };
  password?: string;
  passwordRepeat?: string;
  image?: { fileName: string; data: string };
}

export const userKeys = {
  current: ['user', 'current'] as const,
  list: (page: number, search: string, sort: string) => ['user', 'list', page, search, sort] as const,
  avatar: (uri: string) => ['user', 'avatar', uri] as const,
};

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

/** An avatar behind the bearer token, as a Blob (cached: avatar URIs change with the image). */
export function useAvatarBlob(uri: string | null | undefined) {
  return useQuery({
    queryKey: userKeys.avatar(uri ?? ''),
    queryFn: ({ signal }) => apiBlob(uri!, { signal }),
    enabled: !!uri,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });
}
