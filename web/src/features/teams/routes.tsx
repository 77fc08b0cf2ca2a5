import { lazy } from 'react';
import { IconUsersGroup } from '@tabler/icons-react';
import type { Feature } from '../../shell-api/feature.ts';

const TeamList = lazy(() => import('./TeamList.tsx').then((m) => ({ default: m.TeamList })));
const TeamEditorPage = lazy(() => import('./TeamEditorPage.tsx').then((m) => ({ default: m.TeamEditorPage })));

/** The user groups are kept in the settings: the list, and the permission editor as a view of its own. */
export const TEAMS_FEATURE: Feature = {
  settings: [
    {
      path: 'benutzergruppen',
      label: 'Benutzergruppen',
      icon: IconUsersGroup,
      permission: 'einstellungen_benutzergruppen_sehen',
      order: 3,
      element: <TeamList />,
      pages: [
        { path: 'neu', element: <TeamEditorPage /> },
        { path: ':id', element: <TeamEditorPage /> },
      ],
    },
  ],
};
