import { useSession } from '../api/session.ts';
import { FullScreenLoader } from './FullScreenLoader.tsx';
import { applicationChunk, chunk } from './chunks.ts';
import { loadSession } from './session-start.ts';

// Everything after the login is loaded on demand: the login page loads neither the query cache
// nor the application (docs/decisions/web-anmeldeseite-laedt-nur-was-sie-zeigt.md).
const sessionChunk = chunk(loadSession);
// The login page too: a page opened with a session does not load it (the page's script asks for
// the one or the other, core/page-scripts.ts).
const loginChunk = chunk(() => import('../features/session/LoginPage.tsx'));

/**
 * No token: the login screen. A token: the session (SessionApp.tsx), which loads the current
 * user and then shows the application. After a session loss the application stays (with the
 * alert) until the reset.
 */
export function LoginGate() {
  const { token, lost, notice } = useSession();

  // A login on this page: the session's and the application's code load now (a page opened
  // with a session started them already, session-start.ts).
  if (token) {
    sessionChunk.start().catch(() => undefined);
    applicationChunk.start().catch(() => undefined);
  }
  const loaded = sessionChunk.useModule(!!token || !!lost);
  const login = loginChunk.useModule(!token && !lost);

  if (!token && !lost) return login ? <login.LoginPage notice={notice} /> : <FullScreenLoader text="Wird geladen …" />;
  if (!loaded) return <FullScreenLoader />;
  return <loaded.SessionApp />;
}
