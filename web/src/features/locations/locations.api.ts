import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZLocation, ZLocationListResponse, ZLocationRequest, ZLocationResponse } from '@filialportal/core/locations';
import type { Wire } from '@filialportal/core/wire';
import type { z } from 'zod';
import { api, query } from '../../api/client.ts';
import { locationKeys } from '../../shell-api/lookups.ts';

/** A location of GET /location/list/{page}; `ip` only with einstellungen_standorte_sehen. */
export type Location = Wire<typeof ZLocation>;

export type LocationListResponse = Wire<typeof ZLocationListResponse>;

/** The location of POST /location and PUT /location/{id} (`ip` comma-separated, e.g. '10.0.0.1, 10.0.0.2'). */
export type LocationInput = z.input<typeof ZLocationRequest>['location'];

/** GET /location/list/{page}: 6 per page (page from 0), or all with ALL_LOCATIONS_PAGE. */
export function useLocationList(page: number, sort: string) {
  return useQuery({
    queryKey: locationKeys.list(page, sort),
    queryFn: ({ signal }) => api<LocationListResponse>(`/api/location/list/${page}${query({ sort })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /location (no id) or PUT /location/{id}. */
export function useSaveLocation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, location }: { id: string | null; location: LocationInput }) =>
      api<Wire<typeof ZLocationResponse>>(id ? `/api/location/${id}` : '/api/location', { method: id ? 'PUT' : 'POST', body: { location } }),
    onSuccess: () => client.invalidateQueries({ queryKey: locationKeys.all }),
  });
}

/** DELETE /location/{id}; 409 while users belong to it. */
export function useDeleteLocation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/location/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: locationKeys.all }),
  });
}
