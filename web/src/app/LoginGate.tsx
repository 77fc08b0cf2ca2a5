import { lazy, Suspense, useCallback, useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@filialportal/core/messages';
import type { CurrentUserResponse } from '@filialportal/core/users';
import { isSessionLost } from '../api/client.ts';
import { session, useSession } from '../api/session.ts';
import { LoginPage } from '../features/session/LoginPage.tsx';
import { currentUserQuery } from '../features/users/users.api.ts';
import { CurrentUserContext, CurrentUserUpdateContext } from '../shell-api/current-user.tsx';
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
  const client = useQueryClient();
  const updateUser = useCallback((data: CurrentUserResponse) => client.setQueryData(currentUserQuery.queryKey, data), [client]);

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
      <CurrentUserUpdateContext.Provider value={updateUser}>
        <Suspense fallback={<FullScreenLoader />}>
          <Shell />
        </Suspense>
      </CurrentUserUpdateContext.Provider>
    </CurrentUserContext.Provider>
  );
}
