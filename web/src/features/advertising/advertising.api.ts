import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ZAdvertising, ZAdvertisingListResponse, ZAdvertisingResponse, ZCreateAdvertisingQuery, ZUpdateAdvertisingRequest } from '@filialportal/core/advertising';
import type { Wire } from '@filialportal/core/wire';
import type { z } from 'zod';
import { api, apiBlob, query, uploadFile } from '../../api/client.ts';

export type Advertising = Wire<typeof ZAdvertising>;
type AdvertisingList = Wire<typeof ZAdvertisingListResponse>;
type AdvertisingResponse = Wire<typeof ZAdvertisingResponse>;

export const advertisingKeys = {
  all: ['advertising'] as const,
  list: ['advertising', 'list'] as const,
  counter: ['advertising', 'counter'] as const,
};

/** GET /advertising/list/{from}: 25 per step; later pages append. */
export function useAdvertisingList() {
  return useInfiniteQuery({
    queryKey: advertisingKeys.list,
    queryFn: ({ pageParam, signal }) => api<AdvertisingList>(`/api/advertising/list/${pageParam}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((n, p) => n + p.advertisings.length, 0);
      return last.advertisings.length > 0 && shown < last.count ? shown : undefined;
    },
  });
}

/** The rows of all pages loaded so far (each once) and the total. */
export function advertisingRows(data: InfiniteData<AdvertisingList> | undefined): { rows: Advertising[]; count: number } {
  if (!data) return { rows: [], count: 0 };
  const seen = new Set<string>();
  const rows = data.pages.flatMap((p) => p.advertisings).filter((a) => (seen.has(a.id) ? false : (seen.add(a.id), true)));
  return { rows, count: data.pages.at(-1)?.count ?? 0 };
}

/** New entries since the last visit, beside 'Werbung' in the navigation. */
export function useAdvertisingCounter() {
  return useQuery({
    queryKey: advertisingKeys.counter,
    queryFn: ({ signal }) => api<AdvertisingList>('/api/advertising/list/0', { signal }),
    select: (d) => d.new,
    refetchInterval: 120_000,
  });
}

/** Opening the page zeroes the counter 5 seconds later (spec 2 §4). */
export function useMarkAdvertisingSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/seen/advertising', { method: 'PUT' }),
    onSuccess: () => client.invalidateQueries({ queryKey: advertisingKeys.counter }),
  });
}

/** The query of POST /advertising (the file travels as the body). */
export type CreateAdvertisingQuery = z.input<typeof ZCreateAdvertisingQuery>;
/** The body of PUT /advertising. */
export type UpdateAdvertisingBody = z.input<typeof ZUpdateAdvertisingRequest>;

export type SaveAdvertising = { onProgress: (share: number) => void } & (
  | { id: null; query: CreateAdvertisingQuery; file: File }
  | { id: string; body: UpdateAdvertisingBody; file: File | null }
);

/**
 * Saves an entry. A new one travels in one call with its file (POST /advertising, fields in the
 * query). A change sends a new file first (it replaces the old one only once it is stored), then
 * the fields (PUT /advertising): each call is whole or nothing.
 */
export function useSaveAdvertising() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (save: SaveAdvertising): Promise<AdvertisingResponse> => {
      if (save.id === null) return uploadFile<AdvertisingResponse>(`/api/advertising${query(save.query)}`, save.file, save.onProgress);
      if (save.file) await uploadFile<AdvertisingResponse>(`/api/advertising/${save.id}/file${query({ name: save.file.name })}`, save.file, save.onProgress);
      return api<AdvertisingResponse>('/api/advertising', { method: 'PUT', body: save.body });
    },
    onSettled: () => client.invalidateQueries({ queryKey: advertisingKeys.all }),
  });
}

export function useDeleteAdvertising() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/advertising/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: advertisingKeys.all }),
  });
}

/** A thumbnail behind the bearer token, as a blob for an object URL. */
export function useThumbnail(uri: string | null) {
  return useQuery({ queryKey: ['advertising', 'thumbnail', uri], queryFn: ({ signal }) => apiBlob(uri!, { signal }), enabled: uri !== null, staleTime: Infinity, retry: false });
}
