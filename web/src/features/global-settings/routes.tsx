import { lazy } from 'react';
import type { AppRoute } from '../../shell-api/feature.ts';
import { SORTIMENT } from '../assortment/routes.tsx';

const GoogleSheetsPage = lazy(() => import('./GoogleSheetsPage.tsx').then((m) => ({ default: m.GoogleSheetsPage })));

export const GLOBAL_SETTINGS_ROUTES: AppRoute[] = [{ path: 'sortiment/tabelle', permission: 'sortiment_menu_sehen', element: <GoogleSheetsPage />, nav: { label: 'Sortiment-Tabelle', order: 3, section: SORTIMENT } }];
