import { lazy } from 'react';
import type { Feature } from '../../shell-api/feature.ts';
import { ATTENDANCE_SECTION } from '../../shell-api/nav-sections.ts';

const CalendarPage = lazy(() => import('./CalendarPage.tsx').then((m) => ({ default: m.CalendarPage })));

export const CALENDAR_FEATURE: Feature = {
  routes: [
    {
      path: 'an-abwesenheit',
      permission: 'an_abwesenheit_menu_sehen',
      element: <CalendarPage />,
      nav: { label: 'An-/Abwesenheiten', order: 1, section: ATTENDANCE_SECTION },
    },
  ],
};
