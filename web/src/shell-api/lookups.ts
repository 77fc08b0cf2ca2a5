import { useQuery } from '@tanstack/react-query';
import type { ZCategory, ZCategoryListResponse } from '@filialportal/core/assortment';
import type { ZLocation, ZLocationListResponse } from '@filialportal/core/locations';
import type { ZTeam } from '@filialportal/core/teams';
import type { ZTrainingListResponse } from '@filialportal/core/trainings';
import type { Wire } from '@filialportal/core/wire';
import { api, apiBlob } from '../api/client.ts';

// Lists that one feature owns and others pick from (a group or location picker, the categories of
// an article, the events a news item links to, a person's picture). The owning feature keeps its
// writes and invalidates these keys; the pickers read through the hooks here, so no feature
// imports another.

/**
 * A user group of GET /team; the detail fields come only with einstellungen_benutzergruppen_sehen.
 * `assignable` and `manageable` are in every answer to a logged-in user, so always here.
 */
export type Team = Wire<typeof ZTeam> & Required<Pick<Wire<typeof ZTeam>, 'assignable' | 'manageable'>>;

export const teamKeys = {
  all: ['team'] as const,
};

/** GET /team: all user groups in their sorting order. */
export function useTeams() {
  return useQuery({
    queryKey: teamKeys.all,
    queryFn: ({ signal }) => api<{ teams: Team[] }>('/api/team', { signal }),
    select: (data) => data.teams,
  });
}

/** Page number that asks the server for all locations at once. */
export const ALL_LOCATIONS_PAGE = 9999;

export const locationKeys = {
  all: ['location'] as const,
  list: (page: number, sort: string) => ['location', 'list', page, sort] as const,
  options: ['location', 'options'] as const,
};

/** All locations by name, e.g. for a location picker. */
export function useAllLocations() {
  return useQuery({
    queryKey: locationKeys.list(ALL_LOCATIONS_PAGE, 'name'),
    queryFn: ({ signal }) => api<Wire<typeof ZLocationListResponse>>(`/api/location/list/${ALL_LOCATIONS_PAGE}?sort=name`, { signal }),
    select: (data) => data.locations,
    staleTime: 60_000,
  });
}

/** A location as a picker needs it. */
type LocationOption = Pick<Wire<typeof ZLocation>, 'id' | 'label'>;

/** Every location as id and label, for the pickers of the user form, tasks and stock. */
export function useLocationOptions() {
  return useQuery({
    queryKey: locationKeys.options,
    queryFn: ({ signal }) => api<Wire<typeof ZLocationListResponse>>(`/api/location/list/${ALL_LOCATIONS_PAGE}`, { signal }),
    select: (data) => data.locations.map((l): LocationOption => ({ id: l.id, label: l.label })),
    staleTime: 60_000,
  });
}

export type Category = Wire<typeof ZCategory>;

export const categoryKeys = {
  all: ['categories'] as const,
  list: ['categories', 'list'] as const,
};

/** GET /category/list/0: every category (a company has a few dozen), by position. */
export function useCategories() {
  return useQuery({
    queryKey: categoryKeys.list,
    queryFn: ({ signal }) => api<Wire<typeof ZCategoryListResponse>>('/api/category/list/0', { signal }),
    select: (data) => data.categories,
  });
}

/** Upcoming trainings for a picker (the news form's link to an event). */
export function useUpcomingTrainings(enabled: boolean) {
  return useQuery({
    queryKey: ['trainings', 'upcoming'],
    queryFn: ({ signal }) => api<Wire<typeof ZTrainingListResponse>>('/api/training/list/0/0?limit=50', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** A person's picture by its address, which names its bytes: fetched once, kept while in use. */
export function useAvatarBlob(uri: string | null | undefined) {
  return useQuery({
    queryKey: ['user', 'avatar', uri ?? ''],
    queryFn: ({ signal }) => apiBlob(uri!, { signal }),
    enabled: !!uri,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });
}
