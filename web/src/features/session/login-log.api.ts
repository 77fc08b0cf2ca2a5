import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ZLoginLogEntry, ZLoginLogListResponse } from '@filialportal/core/session';
import type { Wire } from '@filialportal/core/wire';
import { api, query } from '../../api/client.ts';

/** A row of GET /loginlog/list/{page}. */
export type LoginLogEntry = Wire<typeof ZLoginLogEntry>;

export const loginLogKeys = {
  list: (page: number, term: string, sort: string) => ['loginlog', 'list', page, term, sort] as const,
};

/** GET /loginlog/list/{page}: newest first unless sorted, 6 per page (page from 0). */
export function useLoginLog(page: number, term: string, sort: string) {
  return useQuery({
    queryKey: loginLogKeys.list(page, term, sort),
    queryFn: ({ signal }) => api<Wire<typeof ZLoginLogListResponse>>(`/api/loginlog/list/${page}${query({ term, sort })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
