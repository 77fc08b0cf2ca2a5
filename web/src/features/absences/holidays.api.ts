import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZSchoolVacationImport, ZSchoolVacationImportResponse, ZSchoolVacationListResponse } from '@filialportal/core/school-vacations';
import type { Wire } from '@filialportal/core/wire';
import type { z } from 'zod';
import { api, query } from '../../api/client.ts';


const keys = { list: (region: string) => ['schoolvacations', region] as const };

export function useSchoolVacations(region: string) {
  return useQuery({
    queryKey: keys.list(region),
    queryFn: ({ signal }) => api<Wire<typeof ZSchoolVacationListResponse>>(`/api/schoolvacations${query({ region })}`, { signal }),
  });
}

/** POST /schoolvacations/import with the file's text. */
export function useImportSchoolVacations() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof ZSchoolVacationImport>) =>
      api<Wire<typeof ZSchoolVacationImportResponse>>('/api/schoolvacations/import', { method: 'POST', body }),
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
