import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export interface GlobalSettings {
  id: string;
  /** Link of the Sortiment spreadsheet; '' when none is set. */
  sortimentSheetUrl: string;
}

export const globalSettingsKeys = {
  all: ['globalsettings'] as const,
};

/** GET /globalsettings. */
export function useGlobalSettings() {
  return useQuery({
    queryKey: globalSettingsKeys.all,
    queryFn: ({ signal }) => api<{ globalSettings: GlobalSettings }>('/api/globalsettings', { signal }),
    select: (data) => data.globalSettings,
  });
}

/** PUT /globalsettings/{id}. */
export function useSaveGlobalSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, sortimentSheetUrl }: GlobalSettings) =>
      api<{ globalSettings: GlobalSettings }>(`/api/globalsettings/${id}`, { method: 'PUT', body: { globalSettings: { sortimentSheetUrl } } }),
    onSuccess: (data) => client.setQueryData(globalSettingsKeys.all, data),
  });
}
