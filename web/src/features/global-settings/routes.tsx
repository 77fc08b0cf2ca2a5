import { lazy } from 'react';
import { IconAdjustments } from '@tabler/icons-react';
import type { Feature } from '../../shell-api/feature.ts';
import { SORTIMENT } from '../../shell-api/nav-sections.ts';

const GoogleSheetsPage = lazy(() => import('./GoogleSheetsPage.tsx').then((m) => ({ default: m.GoogleSheetsPage })));
const GlobalSettingsForm = lazy(() => import('./GlobalSettingsForm.tsx').then((m) => ({ default: m.GlobalSettingsForm })));

export const GLOBAL_SETTINGS_FEATURE: Feature = {
  routes: [{ path: 'sortiment/tabelle', permission: 'sortiment_menu_sehen', element: <GoogleSheetsPage />, nav: { label: 'Sortiment-Tabelle', order: 3, section: SORTIMENT } }],
  settings: [
    {
      path: 'globale-einstellungen',
      label: 'Globale Einstellungen',
      icon: IconAdjustments,
      // The assortment spreadsheet's editors maintain its link, HR the vacation rule (as on the server).
      permission: { anyOf: ['sortiment_kategorie_bearbeiten', 'urlaub_von_allen_sehen_und_bearbeiten'] },
      order: 13,
      group: 'System',
      element: <GlobalSettingsForm />,
    },
  ],
};
