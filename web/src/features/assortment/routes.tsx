import { lazy } from 'react';
import type { Feature } from '../../shell-api/feature.ts';
import { SORTIMENT } from '../../shell-api/nav-sections.ts';

const CategoryPage = lazy(() => import('./CategoryPage.tsx').then((m) => ({ default: m.CategoryPage })));

export const ASSORTMENT_FEATURE: Feature = {
  routes: [{ path: 'sortiment', permission: 'sortiment_menu_sehen', element: <CategoryPage />, nav: { label: 'Sortimente', order: 1, section: SORTIMENT } }],
};
