import type { CurrentUserResponse } from '@filialportal/core/users';

/**
 * The last answer of GET /user, kept on the device while its session lasts, so a page reloaded
 * without network opens the application (the scan session's counts go on; every other view says
 * 'Keine Verbindung'). Read only while the server is out of reach; dropped with the session.
 */
const KEY = 'filialportal.user';

export function readKeptUser(): CurrentUserResponse | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as CurrentUserResponse) : null;
  } catch {
    return null;
  }
}

export function keepUser(data: CurrentUserResponse) {
  try {
    localStorage.setItem(KEY, JSON.stringify(data));
  } catch {
    // No storage (private mode): without network the page waits for it, as before.
  }
}

export function dropKeptUser() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
