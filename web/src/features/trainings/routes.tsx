import { lazy } from 'react';
import { IconSchool } from '@tabler/icons-react';
import type { AppRoute, NavSection } from '../../shell-api/feature.ts';

const TrainingsPage = lazy(() => import('./TrainingsPage.tsx').then((m) => ({ default: m.TrainingsPage })));
const TrainingOverviewPage = lazy(() => import('./TrainingOverviewPage.tsx').then((m) => ({ default: m.TrainingOverviewPage })));

const TRAININGS: NavSection = { label: 'Veranstaltungen', path: '/veranstaltungen', icon: IconSchool, permission: 'schulung_sehen', order: 8, counter: 'trainings' };

export const TRAINING_ROUTES: AppRoute[] = [
  { path: 'veranstaltungen', permission: 'schulung_sehen', element: <TrainingsPage />, nav: { label: 'Veranstaltungen', order: 1, section: TRAININGS } },
  {
    path: 'veranstaltungen/uebersicht',
    permission: 'training_overview_list_can_see',
    element: <TrainingOverviewPage />,
    nav: { label: 'Veranstaltungen Übersicht', order: 2, section: TRAININGS },
  },
];
