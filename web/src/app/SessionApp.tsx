import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useState } from 'react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { MSG } from '@filialportal/core/messages';
import type { CurrentUserResponse } from '@filialportal/core/users';
import { isSessionLost, isUnreachable } from '../api/client.ts';
import { useOnline } from '../api/connection.ts';
import { session, useSession } from '../api/session.ts';
import { opensDashboard, preloadDashboard } from '../features/dashboard/DashboardPage.tsx';
import { currentUserQuery } from '../features/users/users.api.ts';
import { can } from '../shell-api/access.ts';
import { CurrentUserContext, CurrentUserUpdateContext } from '../shell-api/current-user.tsx';
import { FullScreenLoader } from './FullScreenLoader.tsx';
import { dropKeptUser, keepUser, readKeptUser } from './kept-user.ts';
import { applicationChunk } from './chunks.ts';
import { createQueryClient } from './query-client.ts';
import { DASHBOARD_CARDS } from './routes.ts';

/** The setup of a second factor the group requires: rare, so its code loads only then. */
const EnrolmentPage = lazy(() => import('../features/session/EnrolmentPage.tsx'));

/**
 * One query cache for the page's life: the login page has none (it loads no query library), a
 * session fills it, and the reset to the login screen empties it.
 */
const queryClient = createQueryClient();
session.onReset(() => {
  dropKeptUser();
  queryClient.cancelQueries().catch(() => undefined);
  queryClient.clear();
});

function CurrentUserGate() {
  const { token } = useSession();
  const user = useQuery({ ...currentUserQuery, enabled: !!token });
  const updateUser = useCallback((data: CurrentUserResponse) => queryClient.setQueryData(currentUserQuery.queryKey, data), []);

  useEffect(() => {
    if (token && user.data) session.markEstablished();
    if (token && user.data) keepUser(user.data);
  }, [token, user.data]);

  // The start page's cards begin loading with the user, not after the shell has been drawn.
  useEffect(() => {
    const current = user.data?.user;
    if (current && !user.data?.secondFactorPending && opensDashboard(current.permissions)) {
      preloadDashboard(DASHBOARD_CARDS, { client: queryClient, user: current, can: (rule) => can(current.permissions, rule, current.role) });
    }
  }, [user.data]);

  // Without a connection the session stays: the page says 'Keine Verbindung' and asks again
  // once the server is back (an installed app opened in a back room without signal).
  const online = useOnline();
  const unreachable = user.isError && isUnreachable(user.error);
  useEffect(() => {
    if (token && user.isError && !isSessionLost(user.error) && !unreachable) session.reset(MSG.reLogin);
  }, [token, user.isError, user.error, unreachable]);
  const { refetch } = user;
  useEffect(() => {
    if (online && unreachable) void refetch();
  }, [online, unreachable, refetch]);

  // Without network the person kept from the last answer: the application opens, and the views
  // that work on the device (the scan session) work.
  const [kept] = useState(readKeptUser);
  const offline = !!token && (!online || unreachable);
  // The application is drawn at a transition's priority, in slices between which the browser
  // stays responsive, rather than in one long task when the user arrives.
  const shown = useDeferredValue(user.data ?? (offline ? kept : null) ?? undefined);
  // The application (shell, features, dates, modals): loaded together with this code.
  const application = applicationChunk.useModule();
  if (shown?.secondFactorPending) {
    return (
      <Suspense fallback={<FullScreenLoader />}>
        <EnrolmentPage onDone={() => void refetch()} />
      </Suspense>
    );
  }
  if (!shown || !application) return <FullScreenLoader text={online ? undefined : 'Warten auf das Netz …'} />;
  return (
    <CurrentUserContext.Provider value={shown.user}>
      <CurrentUserUpdateContext.Provider value={updateUser}>
        <application.AfterLogin />
      </CurrentUserUpdateContext.Provider>
    </CurrentUserContext.Provider>
  );
}

/**
 * A session: token but no user yet shows the 'connecting' spinner, token and user the
 * application. After a session loss the application stays (with the alert) until the reset.
 */
export function SessionApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <CurrentUserGate />
    </QueryClientProvider>
  );
}
