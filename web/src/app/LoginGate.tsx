import { lazy, Suspense, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MSG } from '@filialportal/core/messages';
import { isSessionLost } from '../api/client.ts';
import { session, useSession } from '../api/session.ts';
import { LoginPage } from '../features/session/LoginPage.tsx';
import { currentUserQuery } from '../features/users/users.api.ts';
import { CurrentUserContext } from '../shell-api/current-user.tsx';
import { FullScreenLoader } from './FullScreenLoader.tsx';

const loadShell = () => import('./Shell.tsx');
const Shell = lazy(() => loadShell().then((m) => ({ default: m.Shell })));

/**
 * No token: the login screen. Token but no user yet: the 'connecting' spinner. Token and user:
 * the application. After a session loss the application stays (with the alert) until the reset.
 */
export function LoginGate() {
  const { token, lost, notice } = useSession();
  const user = useQuery({ ...currentUserQuery, enabled: !!token });

  // The shell's code loads while GET /user is on its way.
  if (token) void loadShell();

  useEffect(() => {
    if (token && user.data) session.markEstablished();
  }, [token, user.data]);

  useEffect(() => {
    if (token && user.isError && !isSessionLost(user.error)) session.reset(MSG.reLogin);
  }, [token, user.isError, user.error]);

  if (!token && !lost) return <LoginPage notice={notice} />;
  if (!user.data) return <FullScreenLoader />;
  return (
    <CurrentUserContext.Provider value={user.data.user}>
      <Suspense fallback={<FullScreenLoader />}>
        <Shell />
      </Suspense>
    </CurrentUserContext.Provider>
  );
}
