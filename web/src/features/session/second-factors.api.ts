import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSecondFactorsResponse, ZPasskeyOptionsResponse, ZPasskeyRegisterRequest, ZRecoveryCodesResponse, ZTotpCodeRequest, ZTotpSetupResponse } from '@filialportal/core/session';
import type { Wire } from '@filialportal/core/wire';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

export const secondFactorKeys = { own: ['second-factors'] as const };
export type TotpSetup = Wire<typeof ZTotpSetupResponse>;
type RecoveryCodes = Wire<typeof ZRecoveryCodesResponse>;

/** GET /user/2fa: the person's own factors. */
export function useSecondFactors() {
  return useQuery({ queryKey: secondFactorKeys.own, queryFn: ({ signal }) => api<TSecondFactorsResponse>('/api/user/2fa', { signal }) });
}

/** Every change answers or changes the factors: the list reads them again. */
function useFactorMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: secondFactorKeys.own }) });
}

export const useSetUpTotp = () => useFactorMutation(() => api<TotpSetup>('/api/user/2fa/totp/setup', { method: 'POST' }));
export const useConfirmTotp = () =>
  useFactorMutation((code: string) => api<RecoveryCodes>('/api/user/2fa/totp/confirm', { method: 'POST', body: { code } satisfies z.input<typeof ZTotpCodeRequest> }));
export const useRemoveTotp = () => useFactorMutation(() => api<void>('/api/user/2fa/totp', { method: 'DELETE' }));
export const useRenewRecoveryCodes = () => useFactorMutation(() => api<RecoveryCodes>('/api/user/2fa/recovery', { method: 'POST' }));
export const useRemovePasskey = () => useFactorMutation((id: string) => api<void>(`/api/user/passkeys/${id}`, { method: 'DELETE' }));

/** Creates a passkey on this device (the browser asks for fingerprint, face or PIN) and keeps it under a name. */
export const useAddPasskey = () =>
  useFactorMutation(async (name: string) => {
    const { options } = await api<Wire<typeof ZPasskeyOptionsResponse>>('/api/user/passkeys/options', { method: 'POST' });
    const { startRegistration } = await import('@simplewebauthn/browser');
    const response = (await startRegistration({ optionsJSON: options as never })) as unknown as Record<string, unknown>;
    return api<TSecondFactorsResponse>('/api/user/passkeys', { method: 'POST', body: { name, response } satisfies z.input<typeof ZPasskeyRegisterRequest> });
  });
