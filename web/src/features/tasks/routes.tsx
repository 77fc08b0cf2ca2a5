import { lazy } from 'react';
import { IconChecklist } from '@tabler/icons-react';
import { Navigate } from 'react-router';
import type { AppRoute, NavSection } from '../../shell-api/feature.ts';
import { DELEGATE_PERMISSIONS, TASK_PATHS } from './paths.ts';

const OwnTasksPage = lazy(() => import('./OwnTasksPage.tsx').then((m) => ({ default: m.OwnTasksPage })));
const DelegatedTasksPage = lazy(() => import('./DelegatedTasksPage.tsx').then((m) => ({ default: m.DelegatedTasksPage })));

const TASKS: NavSection = { label: 'Aufgaben', path: '/aufgaben', icon: IconChecklist, permission: 'aufgaben_menu_sehen', order: 2, counter: 'tasks' };

export const TASK_ROUTES: AppRoute[] = [
  { path: 'aufgaben', permission: null, element: <Navigate to={TASK_PATHS.own} replace /> },
  {
    path: 'aufgaben/eigene',
    permission: 'aufgaben_menu_sehen',
    element: <OwnTasksPage />,
    nav: { label: 'Eigene Aufgaben', order: 1, section: TASKS },
  },
  {
    path: 'aufgaben/delegiert',
    permission: DELEGATE_PERMISSIONS,
    element: <DelegatedTasksPage />,
    nav: { label: 'Delegierte Aufgaben', order: 2, section: TASKS },
  },
];
