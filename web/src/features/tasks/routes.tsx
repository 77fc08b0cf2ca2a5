import { lazy } from 'react';
import { IconChecklist } from '@tabler/icons-react';
import { Navigate } from 'react-router';
import type { Feature, NavSection } from '../../shell-api/feature.ts';
import { DELEGATE_PERMISSIONS, TASK_PATHS } from './paths.ts';
import { TaskCountBadge } from './TaskCountBadge.tsx';
import { ownTaskPreset } from './own-task-preset.ts';
import { taskCountQuery, taskKeys, taskListQuery } from './tasks.api.ts';
import { TASK_VIEWS } from '@filialportal/core/tasks-basics';

const OwnTasksPage = lazy(() => import('./OwnTasksPage.tsx').then((m) => ({ default: m.OwnTasksPage })));
const DelegatedTasksPage = lazy(() => import('./DelegatedTasksPage.tsx').then((m) => ({ default: m.DelegatedTasksPage })));
const loadOwnTasksSection = () => import('./OwnTasksSection.tsx');
const OwnTasksSection = lazy(() => loadOwnTasksSection().then((m) => ({ default: m.OwnTasksSection })));

const TASKS: NavSection = { label: 'Aufgaben', path: '/aufgaben', icon: IconChecklist, permission: 'aufgaben_menu_sehen', order: 2, counter: 'tasks' };

export const TASKS_FEATURE: Feature = {
  routes: [
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
  ],
  // The dashboard's own open tasks stand under their count: a change rereads both.
  counters: [{ kind: 'tasks', badge: TaskCountBadge, rereads: [taskKeys.count, taskKeys.lists] }],
  dashboard: [
    {
      key: 'tasks',
      column: 'main',
      order: 1,
      permission: 'aufgaben_erhalten',
      element: <OwnTasksSection />,
      // The list and the count beside the title (on a phone the navigation, which reads the count too, is closed).
      preload: ({ client, user, can }) =>
        Promise.all([
          loadOwnTasksSection(),
          client.prefetchInfiniteQuery(taskListQuery(TASK_VIEWS.own, false, ownTaskPreset(user, can('aufgaben_alle_sehen')))),
          client.prefetchQuery(taskCountQuery),
        ]),
    },
  ],
};
