import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, query } from '../../api/client.ts';

/** A location of GET /location/list/{page}; `ip` only with einstellungen_standorte_sehen. */
export interface Location {
  id: string;
  name: string;
  label: string;
  shortName: string;
  street: string;
  zip: string;
  city: string;
  region: string;
  ip?: string;
  position: number;
  hideInSortiment: boolean;
}

export interface LocationListResponse {
  locations: Location[];
  count: number;
}

/** Page number that asks the server for all locations at once. */
export const ALL_LOCATIONS_PAGE = 9999;

export const locationKeys = {
  list: (page: number, sort: string) => ['location', 'list', page, sort] as const,
};

/** GET /location/list/{page}: 6 per page (page from 0), or all with ALL_LOCATIONS_PAGE. */
export function useLocationList(page: number, sort: string) {
  return useQuery({
    queryKey: locationKeys.list(page, sort),
    queryFn: ({ signal }) => api<LocationListResponse>(`/api/location/list/${page}${query({ sort })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
