import { lazy } from 'react';
import type { Feature } from '../../shell-api/feature.ts';
import { SORTIMENT } from '../../shell-api/nav-sections.ts';
import { AfterFirstView } from '../../ui/AfterFirstView.tsx';

const StockPage = lazy(() => import('./StockPage.tsx').then((m) => ({ default: m.StockPage })));
const CountQueueBadge = lazy(() => import('./CountQueueBadge.tsx').then((m) => ({ default: m.CountQueueBadge })));

export const STOCK_FEATURE: Feature = {
  routes: [{ path: 'sortiment/bestand', permission: 'sortiment_menu_sehen', element: <StockPage />, nav: { label: 'Bestand', order: 2, section: SORTIMENT } }],
  // Counts waiting on the device: after the first view, and only when there are some.
  header: (
    <AfterFirstView fallback={null}>
      <CountQueueBadge />
    </AfterFirstView>
  ),
};
