import { lazy } from 'react';
import { IconHistory } from '@tabler/icons-react';
import type { AppRoute, Feature } from '../../shell-api/feature.ts';

const LoginLogList = lazy(() => import('./LoginLogList.tsx').then((m) => ({ default: m.LoginLogList })));
const PasswordResetPage = lazy(() => import('./PasswordResetPage.tsx').then((m) => ({ default: m.PasswordResetPage })));
const SsoPage = lazy(() => import('./SsoPage.tsx').then((m) => ({ default: m.SsoPage })));
const SecondFactorSection = lazy(() => import('./SecondFactorSection.tsx').then((m) => ({ default: m.SecondFactorSection })));

/** The login log, kept in the settings. The login itself is the gate around the shell. */
export const SESSION_FEATURE: Feature = {
  settings: [{ path: 'login-verlauf', label: 'Login-Verlauf', icon: IconHistory, permission: 'einstellungen_login_verlauf_sehen', order: 6, element: <LoginLogList /> }],
  // Authenticator app, recovery codes and passkeys, in the person's own settings.
  userSettings: <SecondFactorSection />,
};

/** Views open without a login, beside the login gate: the link of a password reset mail, the return from the company account. */
export const PUBLIC_ROUTES: readonly AppRoute[] = [
  { path: '/passwort-zuruecksetzen/:token', permission: null, element: <PasswordResetPage /> },
  { path: '/anmelden/sso', permission: null, element: <SsoPage /> },
];
