import type { ZAuthMethodsResponse, ZLoginRequest, ZPasskeyLoginRequest, ZPasskeyOptionsResponse, ZSsoTicketRequest, ZTokenResponse } from '@filialportal/core/session';
import type { ZMessageResponse, ZPasswordForgottenRequest, ZPasswordResetRequest } from '@filialportal/core/users';
import type { Wire } from '@filialportal/core/wire';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

/** POST /token: opens a session; errors carry the server's German message. */
export function requestToken(body: z.input<typeof ZLoginRequest>) {
  return api<Wire<typeof ZTokenResponse>>('/api/token', { method: 'POST', body, auth: false });
}

/** POST /logout: revokes the token on the server. */
export function revokeToken() {
  return api<void>('/api/logout', { method: 'POST', keepSession: true });
}

/** GET /api-token-refresh: marks the session active; answers the (possibly new) token. */
export function refreshToken() {
  return api<Wire<typeof ZTokenResponse>>('/api/api-token-refresh');
}

/** POST /password-forgotten: always the same answer, whether the name exists or not. */
export function requestPasswordMail(body: z.input<typeof ZPasswordForgottenRequest>) {
  return api<Wire<typeof ZMessageResponse>>('/api/password-forgotten', { method: 'POST', body, auth: false });
}

/** POST /password-reset with the token from the mailed link. */
export function resetPassword(body: z.input<typeof ZPasswordResetRequest>) {
  return api<Wire<typeof ZMessageResponse>>('/api/password-reset', { method: 'POST', body, auth: false });
}

/** GET /auth/methods: what the login page offers besides the password. */
export function fetchAuthMethods() {
  return api<Wire<typeof ZAuthMethodsResponse>>('/api/auth/methods', { auth: false });
}

/** POST /auth/oidc/ticket: the one-time ticket of the company-account sign-in becomes a token. */
export function redeemSsoTicket(ticket: string) {
  return api<Wire<typeof ZTokenResponse>>('/api/auth/oidc/ticket', { method: 'POST', body: { ticket } satisfies z.input<typeof ZSsoTicketRequest>, auth: false });
}

/**
 * Lets the browser sign the portal's challenge with one of the person's passkeys (it offers the
 * ones it holds); the WebAuthn code loads only when a passkey is used.
 */
export async function signWithPasskey(): Promise<Record<string, unknown>> {
  const { options } = await api<Wire<typeof ZPasskeyOptionsResponse>>('/api/auth/passkey/options', { method: 'POST', auth: false });
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return (await startAuthentication({ optionsJSON: options as never })) as unknown as Record<string, unknown>;
}

/** POST /auth/passkey/login: a passkey alone opens a session. */
export function passkeyLogin(response: Record<string, unknown>) {
  return api<Wire<typeof ZTokenResponse>>('/api/auth/passkey/login', { method: 'POST', body: { response } satisfies z.input<typeof ZPasskeyLoginRequest>, auth: false });
}

/** Whether this browser can use passkeys at all. */
export const passkeysAvailable = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
