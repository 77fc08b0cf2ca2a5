import { lazy } from 'react';
import type { AppRoute } from '../../shell-api/feature.ts';
import { SORTIMENT } from '../assortment/routes.tsx';

const StockPage = lazy(() => import('./StockPage.tsx').then((m) => ({ default: m.StockPage })));

export const STOCK_ROUTES: AppRoute[] = [
  { path: 'sortiment/bestand', permission: 'sortiment_menu_sehen', element: <StockPage />, nav: { label: 'Bestand', order: 2, section: SORTIMENT } },
];
