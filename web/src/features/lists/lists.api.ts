import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZColor, ZNamedEntry } from '@filialportal/core/lists';
import type { Wire } from '@filialportal/core/wire';
import { api, query } from '../../api/client.ts';

/** An entry of a name-only list; colour labels add `hex` and `editable` (false for Auslauf and Werbung). */
export type NamedEntry = Wire<typeof ZNamedEntry> & Partial<Omit<Wire<typeof ZColor>, 'id' | 'name'>>;

/** What the form of a list edits. */
export interface NamedEntryValues {
  name: string;
  hex: string;
}

/** The endpoints of one list: GET {base}/list, POST {base}, PUT/DELETE {base}/{id}. */
export interface NamedListEndpoints {
  /** e.g. '/api/manufacturer' */
  base: string;
  /** The request body the list expects, e.g. `{ name }` or `{ status: { name } }`. */
  body: (values: NamedEntryValues) => unknown;
}

export const namedListKeys = {
  all: (base: string) => ['lists', base] as const,
  list: (base: string, sort: string) => ['lists', base, sort] as const,
};

/** GET {base}/list?sort: the whole list (these lists are short). */
export function useNamedList(endpoints: NamedListEndpoints, sort: string) {
  return useQuery({
    queryKey: namedListKeys.list(endpoints.base, sort),
    queryFn: ({ signal }) => api<{ list: NamedEntry[] }>(`${endpoints.base}/list${query({ sort })}`, { signal }),
    select: (data) => data.list,
  });
}

/** POST {base} (no id) or PUT {base}/{id}. */
export function useSaveNamedEntry(endpoints: NamedListEndpoints) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: NamedEntryValues }) =>
      api<unknown>(id ? `${endpoints.base}/${id}` : endpoints.base, { method: id ? 'PUT' : 'POST', body: endpoints.body(values) }),
    onSuccess: () => client.invalidateQueries({ queryKey: namedListKeys.all(endpoints.base) }),
  });
}

/** DELETE {base}/{id}. */
export function useDeleteNamedEntry(endpoints: NamedListEndpoints) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`${endpoints.base}/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: namedListKeys.all(endpoints.base) }),
  });
}
