import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_MIN_LENGTH } from '@filialportal/core/search-basics';
import type { ZSearchResponse } from '@filialportal/core/search';
import type { Wire } from '@filialportal/core/wire';
import { api, query } from '../../api/client.ts';

export type SearchResult = Wire<typeof ZSearchResponse>;

export const searchKeys = {
  term: (q: string) => ['search', q] as const,
};

/**
 * GET /search for the header's search, from two characters on. The answer to the last term
 * stays on screen while the next one loads, so the list does not flicker with every key.
 */
export function useSearch(q: string) {
  return useQuery({
    queryKey: searchKeys.term(q),
    queryFn: ({ signal }) => api<SearchResult>(`/api/search${query({ q })}`, { signal }),
    enabled: q.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}
