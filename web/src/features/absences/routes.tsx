import { lazy } from 'react';
import type { AppRoute } from '../../shell-api/feature.ts';
import { ATTENDANCE_SECTION } from '../calendar/routes.tsx';
import { SICK_REPORT_PERMISSIONS } from './sick-paths.ts';

const AbsenceRoutes = lazy(() => import('./AbsenceRoutes.tsx').then((m) => ({ default: m.AbsenceRoutes })));
const SickReportRoutes = lazy(() => import('./SickReportRoutes.tsx').then((m) => ({ default: m.SickReportRoutes })));

export const ABSENCE_ROUTES: AppRoute[] = [
  {
    path: 'urlaub/*',
    permission: 'urlaub_menu_sehen',
    element: <AbsenceRoutes />,
    nav: { label: 'Urlaub', order: 2, to: '/urlaub/1', match: '/urlaub', section: ATTENDANCE_SECTION },
  },
  {
    path: 'krankmeldungen/*',
    permission: SICK_REPORT_PERMISSIONS,
    element: <SickReportRoutes />,
    nav: { label: 'Krankmeldungen', order: 3, to: '/krankmeldungen/2', match: '/krankmeldungen', section: ATTENDANCE_SECTION },
  },
];
