import { lazy } from 'react';
import { IconHistory } from '@tabler/icons-react';
import type { AppRoute, Feature } from '../../shell-api/feature.ts';

const LoginLogList = lazy(() => import('./LoginLogList.tsx').then((m) => ({ default: m.LoginLogList })));
const PasswordResetPage = lazy(() => import('./PasswordResetPage.tsx').then((m) => ({ default: m.PasswordResetPage })));

/** The login log, kept in the settings. The login itself is the gate around the shell. */
export const SESSION_FEATURE: Feature = {
  settings: [{ path: 'login-verlauf', label: 'Login-Verlauf', icon: IconHistory, permission: 'einstellungen_login_verlauf_sehen', order: 6, element: <LoginLogList /> }],
};

/** Views open without a login, beside the login gate: the link of a password reset mail. */
export const PUBLIC_ROUTES: readonly AppRoute[] = [{ path: '/passwort-zuruecksetzen/:token', permission: null, element: <PasswordResetPage /> }];
