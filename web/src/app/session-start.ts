import { startEarly } from '../api/early.ts';
import { readStoredToken } from '../api/stored-token.ts';
import { loadApplication } from './load-application.ts';

/** The session's code (SessionApp.tsx), in one chunk with the application's (app/start-modules.ts). */
export const loadSession = () => import('./SessionApp.tsx');

/**
 * A page opened with a session starts what it needs first, the application's code and the current
 * user, as soon as its first script runs (main.tsx): while the login page's modules, which the
 * page loads in any case, still arrive. Imports only what has no further imports.
 */
const token = readStoredToken();
if (token) {
  loadSession().catch(() => undefined);
  loadApplication().catch(() => undefined);
  startEarly('/api/user', token);
}
