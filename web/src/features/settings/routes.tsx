import { lazy } from 'react';
import { IconSettings } from '@tabler/icons-react';
import type { Feature } from '../../shell-api/feature.ts';

const SettingsPage = lazy(() => import('./SettingsPage.tsx').then((m) => ({ default: m.SettingsPage })));

/** View 'Einstellungen'; its sections come from the features that keep them. */
export const SETTINGS_FEATURE: Feature = {
  routes: [
    {
      path: 'einstellungen/*',
      permission: 'einstellungen_sehen',
      element: <SettingsPage />,
      nav: { label: 'Einstellungen', order: 10, icon: IconSettings, to: '/einstellungen' },
    },
  ],
};
