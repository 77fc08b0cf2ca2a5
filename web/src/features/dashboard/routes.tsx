import { lazy } from 'react';
import { IconLayoutDashboard } from '@tabler/icons-react';
import type { AppRoute } from '../../shell-api/feature.ts';

const DashboardPage = lazy(() => import('./DashboardPage.tsx').then((m) => ({ default: m.DashboardPage })));

export const DASHBOARD_ROUTES: AppRoute[] = [
  {
    path: 'dashboard',
    permission: 'dashboard_menu_sehen',
    element: <DashboardPage />,
    nav: { label: 'Dashboard', order: 1, icon: IconLayoutDashboard },
  },
];
