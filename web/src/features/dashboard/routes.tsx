import { lazy } from 'react';
import { IconLayoutDashboard } from '@tabler/icons-react';
import type { Feature } from '../../shell-api/feature.ts';
// The start page after every login: with the application, not a chunk of its own after it.
import { DashboardPage } from './DashboardPage.tsx';

const loadProfileSection = () => import('./ProfileSection.tsx');
const ProfileSection = lazy(() => loadProfileSection().then((m) => ({ default: m.ProfileSection })));

export const DASHBOARD_FEATURE: Feature = {
  routes: [
    {
      path: 'dashboard',
      permission: 'dashboard_menu_sehen',
      element: <DashboardPage />,
      nav: { label: 'Dashboard', order: 1, icon: IconLayoutDashboard },
    },
  ],
  dashboard: [{ key: 'profile', column: 'aside', order: 3, permission: null, element: <ProfileSection />, preload: loadProfileSection }],
};
