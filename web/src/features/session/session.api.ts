import type { ZTokenResponse } from '@filialportal/core/session';
import type { ZMessageResponse } from '@filialportal/core/users';
import type { Wire } from '@filialportal/core/wire';
import { api } from '../../api/client.ts';

/** POST /token: opens a session; errors carry the server's German message. */
export function requestToken(username: string, password: string) {
  return api<Wire<typeof ZTokenResponse>>('/api/token', { method: 'POST', body: { username, password }, auth: false });
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
export function requestPasswordMail(username: string) {
  return api<Wire<typeof ZMessageResponse>>('/api/password-forgotten', { method: 'POST', body: { username }, auth: false });
}

/** POST /password-reset with the token from the mailed link. */
export function resetPassword(token: string, password: string, passwordRepeat: string) {
  return api<Wire<typeof ZMessageResponse>>('/api/password-reset', {
    method: 'POST',
    body: { token, password, passwordRepeat },
    auth: false,
  });
}
