import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZGlobalSettingsResponse } from '@filialportal/core/global-settings';
import type { Wire } from '@filialportal/core/wire';
import { api } from '../../api/client.ts';

/** The company-wide settings; `sortimentSheetUrl` is '' when no link is set. */
export type GlobalSettings = GlobalSettingsAnswer['globalSettings'];
type GlobalSettingsAnswer = Wire<typeof ZGlobalSettingsResponse>;

export const globalSettingsKeys = {
  all: ['globalsettings'] as const,
};

/** GET /globalsettings. */
export function useGlobalSettings() {
  return useQuery({
    queryKey: globalSettingsKeys.all,
    queryFn: ({ signal }) => api<GlobalSettingsAnswer>('/api/globalsettings', { signal }),
    select: (data) => data.globalSettings,
  });
}

/** PUT /globalsettings/{id}. */
export function useSaveGlobalSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, sortimentSheetUrl }: Pick<GlobalSettings, 'id' | 'sortimentSheetUrl'>) =>
      api<GlobalSettingsAnswer>(`/api/globalsettings/${id}`, { method: 'PUT', body: { globalSettings: { sortimentSheetUrl } } }),
    onSuccess: (data) => client.setQueryData(globalSettingsKeys.all, data),
  });
}

/** PUT /globalsettings/{id}/carryover: 'TT.MM.' or '' (carried-over days never expire). */
export function useSaveCarryOver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, carryOverExpiry }: { id: string; carryOverExpiry: string }) =>
      api<GlobalSettingsAnswer>(`/api/globalsettings/${id}/carryover`, { method: 'PUT', body: { globalSettings: { carryOverExpiry } } }),
    onSuccess: (data) => client.setQueryData(globalSettingsKeys.all, data),
  });
}
