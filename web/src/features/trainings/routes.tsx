import { lazy } from 'react';
import { IconSchool } from '@tabler/icons-react';
import type { Feature, NavSection } from '../../shell-api/feature.ts';
import { TrainingCountBadge } from './TrainingCountBadge.tsx';
import { ownTrainingsQuery } from './trainings.api.ts';

const TrainingsPage = lazy(() => import('./TrainingsPage.tsx').then((m) => ({ default: m.TrainingsPage })));
const TrainingOverviewPage = lazy(() => import('./TrainingOverviewPage.tsx').then((m) => ({ default: m.TrainingOverviewPage })));
const loadTrainingsSection = () => import('./TrainingsSection.tsx');
const TrainingsSection = lazy(() => loadTrainingsSection().then((m) => ({ default: m.TrainingsSection })));

const TRAININGS: NavSection = { label: 'Veranstaltungen', path: '/veranstaltungen', icon: IconSchool, permission: 'schulung_sehen', order: 8, counter: 'trainings' };

export const TRAININGS_FEATURE: Feature = {
  routes: [
    { path: 'veranstaltungen', permission: 'schulung_sehen', element: <TrainingsPage />, nav: { label: 'Veranstaltungen', order: 1, section: TRAININGS } },
    {
      path: 'veranstaltungen/uebersicht',
      permission: 'training_overview_list_can_see',
      element: <TrainingOverviewPage />,
      nav: { label: 'Veranstaltungen Übersicht', order: 2, section: TRAININGS },
    },
  ],
  counters: [{ kind: 'trainings', badge: TrainingCountBadge, rereads: [['trainings', 'counter'], ['trainings', 'upcoming']] }],
  dashboard: [
    {
      key: 'trainings',
      column: 'aside',
      order: 2,
      permission: 'schulung_sehen',
      element: <TrainingsSection />,
      preload: ({ client }) => Promise.all([loadTrainingsSection(), client.prefetchQuery(ownTrainingsQuery)]),
    },
  ],
};
