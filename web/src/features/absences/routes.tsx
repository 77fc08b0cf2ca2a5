import { lazy } from 'react';
import { IconBeach, IconCalendarOff } from '@tabler/icons-react';
import type { Feature } from '../../shell-api/feature.ts';
import { ATTENDANCE_SECTION } from '../../shell-api/nav-sections.ts';
import { SICK_REPORT_PERMISSIONS } from './sick-paths.ts';

const AbsenceRoutes = lazy(() => import('./AbsenceRoutes.tsx').then((m) => ({ default: m.AbsenceRoutes })));
const SickReportRoutes = lazy(() => import('./SickReportRoutes.tsx').then((m) => ({ default: m.SickReportRoutes })));
const BlockedPeriodList = lazy(() => import('./BlockedPeriodList.tsx').then((m) => ({ default: m.BlockedPeriodList })));
const SchoolVacationsSection = lazy(() => import('./SchoolVacationsSection.tsx').then((m) => ({ default: m.SchoolVacationsSection })));
const loadVacationSection = () => import('./VacationSection.tsx');
const VacationSection = lazy(() => loadVacationSection().then((m) => ({ default: m.VacationSection })));

export const ABSENCES_FEATURE: Feature = {
  routes: [
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
  ],
  settings: [
    { path: 'schulferien', label: 'Schulferien', icon: IconBeach, permission: 'einstellungen_standorte_sehen', order: 5, element: <SchoolVacationsSection /> },
    {
      path: 'urlaubssperren',
      label: 'Urlaubssperren',
      icon: IconCalendarOff,
      permission: { anyOf: ['urlaub_von_allen_sehen_und_bearbeiten', 'urlaub_von_allen_untergeordneten_gruppen_sehen_und_bearbeiten', 'urlaub_von_untergeordneten_aus_eigener_filiale_sehen_und_bearbeiten'] },
      order: 5.5,
      element: <BlockedPeriodList />,
    },
  ],
  dashboard: [{ key: 'vacation', column: 'aside', order: 1, permission: 'urlaub_menu_sehen', element: <VacationSection />, preload: loadVacationSection }],
};
