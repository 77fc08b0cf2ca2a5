import { lazy } from 'react';
import { IconSettings } from '@tabler/icons-react';
import type { AppRoute } from '../../shell-api/feature.ts';

const SettingsPage = lazy(() => import('./SettingsPage.tsx').then((m) => ({ default: m.SettingsPage })));

export const SETTINGS_ROUTES: AppRoute[] = [
  {
    path: 'einstellungen/*',
    permission: 'einstellungen_sehen',
    element: <SettingsPage />,
    nav: { label: 'Einstellungen', order: 10, icon: IconSettings, to: '/einstellungen' },
  },
];
