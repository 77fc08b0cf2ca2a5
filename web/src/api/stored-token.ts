import { SESSION_KEY } from '@filialportal/core/page-scripts';

/** localStorage key of the session (the token); cleared at logout and on session loss. */
export { SESSION_KEY };

/** The token kept in the browser's storage, or null (none, unreadable, or no storage at all). */
export function readStoredToken(): string | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { token?: unknown };
    return typeof parsed.token === 'string' && parsed.token ? parsed.token : null;
  } catch {
    return null;
  }
}

export function writeStoredToken(token: string | null) {
  try {
    if (token) localStorage.setItem(SESSION_KEY, JSON.stringify({ token }));
    else localStorage.removeItem(SESSION_KEY);
  } catch {
    // Private mode without storage: the session lives in memory only.
  }
}
