import { lazy } from 'react';
import type { AppRoute } from '../../shell-api/feature.ts';

const UserSettingsPage = lazy(() => import('./UserSettingsPage.tsx').then((m) => ({ default: m.UserSettingsPage })));

/** The own settings, open to everyone logged in (reached from the header, not the menu). */
export const USER_ROUTES: AppRoute[] = [
  { path: 'benutzereinstellungen', permission: null, element: <UserSettingsPage />, title: 'Benutzereinstellungen' },
];
