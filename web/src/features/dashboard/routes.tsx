import { lazy } from 'react';
import { IconLayoutDashboard } from '@tabler/icons-react';
import type { Feature } from '../../shell-api/feature.ts';

const DashboardPage = lazy(() => import('./DashboardPage.tsx').then((m) => ({ default: m.DashboardPage })));
const ProfileSection = lazy(() => import('./ProfileSection.tsx').then((m) => ({ default: m.ProfileSection })));

export const DASHBOARD_FEATURE: Feature = {
  routes: [
    {
      path: 'dashboard',
      permission: 'dashboard_menu_sehen',
      element: <DashboardPage />,
      nav: { label: 'Dashboard', order: 1, icon: IconLayoutDashboard },
    },
  ],
  dashboard: [{ key: 'profile', column: 'aside', order: 3, permission: null, element: <ProfileSection /> }],
};
