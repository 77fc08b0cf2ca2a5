import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, query } from '../../api/client.ts';

/** A row of GET /schoolvacations. */
export interface SchoolVacation {
  id: string;
  region: string;
  name: string;
  startFormated: string;
  endFormated: string;
}

const keys = { list: (region: string) => ['schoolvacations', region] as const };

export function useSchoolVacations(region: string) {
  return useQuery({
    queryKey: keys.list(region),
    queryFn: ({ signal }) => api<{ list: SchoolVacation[] }>(`/api/schoolvacations${query({ region })}`, { signal }),
  });
}

/** POST /schoolvacations/import with the file's text. */
export function useImportSchoolVacations() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { content: string; region: string }) =>
      api<{ imported: number; skippedLines: number[] }>('/api/schoolvacations/import', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['schoolvacations'] }),
  });
}

export function useDeleteSchoolVacation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/schoolvacations/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['schoolvacations'] }),
  });
}
