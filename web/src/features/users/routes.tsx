import { lazy } from 'react';
import { IconUsers } from '@tabler/icons-react';
import type { Feature } from '../../shell-api/feature.ts';

const UserSettingsPage = lazy(() => import('./UserSettingsPage.tsx').then((m) => ({ default: m.UserSettingsPage })));
const UserList = lazy(() => import('./UserList.tsx').then((m) => ({ default: m.UserList })));
const UserFormPage = lazy(() => import('./UserFormPage.tsx').then((m) => ({ default: m.UserFormPage })));

export const USERS_FEATURE: Feature = {
  /** The own settings, open to everyone logged in (reached from the header, not the menu). */
  routes: [{ path: 'benutzereinstellungen', permission: null, element: <UserSettingsPage />, title: 'Benutzereinstellungen' }],
  settings: [
    {
      path: 'benutzer',
      label: 'Benutzer',
      icon: IconUsers,
      permission: { anyOf: ['einstellungen_benutzer_alle_sehen', 'einstellungen_benutzer_aus_eigener_filiale_sehen'] },
      order: 1,
      element: <UserList />,
      pages: [
        { path: 'neu', element: <UserFormPage /> },
        { path: ':id', element: <UserFormPage /> },
      ],
    },
  ],
};
