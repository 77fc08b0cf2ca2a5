import { lazy, Suspense } from 'react';
import { useSession } from '../api/session.ts';
import { LoginPage } from '../features/session/LoginPage.tsx';
import { FullScreenLoader } from './FullScreenLoader.tsx';

// Everything after the login is loaded on demand: the login page loads neither the query cache
// nor the application (docs/decisions/web-anmeldeseite-laedt-nur-was-sie-zeigt.md).
const loadSession = () => import('./SessionApp.tsx');
const SessionApp = lazy(() => loadSession().then((m) => ({ default: m.SessionApp })));
const loadApplication = () => import('./AfterLogin.tsx');

/**
 * No token: the login screen. A token: the session (SessionApp.tsx), which loads the current
 * user and then shows the application. After a session loss the application stays (with the
 * alert) until the reset.
 */
export function LoginGate() {
  const { token, lost, notice } = useSession();

  // With a token, the application's code loads beside the session's, and GET /user as soon as
  // the session's small chunk is there: the big chunk does not hold up the call.
  if (token) {
    void loadSession();
    void loadApplication();
  }

  if (!token && !lost) return <LoginPage notice={notice} />;
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <SessionApp />
    </Suspense>
  );
}
