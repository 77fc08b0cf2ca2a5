import { lazy } from 'react';
import { IconCalendarWeek } from '@tabler/icons-react';
import type { AppRoute, NavSection } from '../../shell-api/feature.ts';

const CalendarPage = lazy(() => import('./CalendarPage.tsx').then((m) => ({ default: m.CalendarPage })));

/** The navigation section 'An-/Abwesenheit': the calendar, vacation and sick reports. */
export const ATTENDANCE_SECTION: NavSection = {
  label: 'An-/Abwesenheit',
  path: '/an-abwesenheit',
  icon: IconCalendarWeek,
  permission: 'an_abwesenheit_menu_sehen',
  order: 5,
};

export const CALENDAR_ROUTES: AppRoute[] = [
  {
    path: 'an-abwesenheit',
    permission: 'an_abwesenheit_menu_sehen',
    element: <CalendarPage />,
    nav: { label: 'An-/Abwesenheiten', order: 1, section: ATTENDANCE_SECTION },
  },
];
