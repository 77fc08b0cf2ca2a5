import type { ZLoginRequest, ZTokenResponse } from '@filialportal/core/session';
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
