import { lazy } from 'react';
import type { Feature } from '../../shell-api/feature.ts';
import { SORTIMENT } from '../../shell-api/nav-sections.ts';

const StockPage = lazy(() => import('./StockPage.tsx').then((m) => ({ default: m.StockPage })));

export const STOCK_FEATURE: Feature = {
  routes: [{ path: 'sortiment/bestand', permission: 'sortiment_menu_sehen', element: <StockPage />, nav: { label: 'Bestand', order: 2, section: SORTIMENT } }],
};
