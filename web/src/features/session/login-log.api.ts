import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, query } from '../../api/client.ts';

/** A row of GET /loginlog/list/{page}. */
export interface LoginLogEntry {
  id: string;
  /** DD.MM.YYYY */
  date: string;
  /** HH:mm */
  time: string;
  userName: string;
  ip: string;
  city: string;
  country: string;
  success: boolean;
}

export const loginLogKeys = {
  list: (page: number, term: string, sort: string) => ['loginlog', 'list', page, term, sort] as const,
};

/** GET /loginlog/list/{page}: newest first unless sorted, 6 per page (page from 0). */
export function useLoginLog(page: number, term: string, sort: string) {
  return useQuery({
    queryKey: loginLogKeys.list(page, term, sort),
    queryFn: ({ signal }) => api<{ list: LoginLogEntry[]; count: number }>(`/api/loginlog/list/${page}${query({ term, sort })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
