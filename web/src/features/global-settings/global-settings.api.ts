import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZCarryOverRequest, ZGlobalSettingsRequest, ZGlobalSettingsResponse } from '@filialportal/core/global-settings';
import type { Wire } from '@filialportal/core/wire';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

/** The company-wide settings; `sortimentSheetUrl` is '' when no link is set. */
export type GlobalSettings = GlobalSettingsAnswer['globalSettings'];
type GlobalSettingsAnswer = Wire<typeof ZGlobalSettingsResponse>;
/** The settings of PUT /globalsettings/{id} and of PUT /globalsettings/{id}/carryover. */
export type SheetBody = z.input<typeof ZGlobalSettingsRequest>['globalSettings'];
export type CarryOverBody = z.input<typeof ZCarryOverRequest>['globalSettings'];

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
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof ZGlobalSettingsRequest> }) => api<GlobalSettingsAnswer>(`/api/globalsettings/${id}`, { method: 'PUT', body }),
    onSuccess: (data) => client.setQueryData(globalSettingsKeys.all, data),
  });
}

/** PUT /globalsettings/{id}/carryover: 'TT.MM.' or '' (carried-over days never expire). */
export function useSaveCarryOver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof ZCarryOverRequest> }) => api<GlobalSettingsAnswer>(`/api/globalsettings/${id}/carryover`, { method: 'PUT', body }),
    onSuccess: (data) => client.setQueryData(globalSettingsKeys.all, data),
  });
}
