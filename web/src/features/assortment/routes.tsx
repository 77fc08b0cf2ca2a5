import { lazy } from 'react';
import { IconPackages } from '@tabler/icons-react';
import type { AppRoute, NavSection } from '../../shell-api/feature.ts';

const CategoryPage = lazy(() => import('./CategoryPage.tsx').then((m) => ({ default: m.CategoryPage })));

/** The 'Sortiment' section of the navigation: categories, stock and the spreadsheet. */
export const SORTIMENT: NavSection = { label: 'Sortiment', path: '/sortiment', icon: IconPackages, permission: 'sortiment_menu_sehen', order: 4 };

export const ASSORTMENT_ROUTES: AppRoute[] = [
  { path: 'sortiment', permission: 'sortiment_menu_sehen', element: <CategoryPage />, nav: { label: 'Sortimente', order: 1, section: SORTIMENT } },
];
