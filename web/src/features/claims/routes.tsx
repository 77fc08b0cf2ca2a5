import { lazy } from 'react';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { AppRoute } from '../../shell-api/feature.ts';

const ClaimsPage = lazy(() => import('./ClaimsPage.tsx').then((m) => ({ default: m.ClaimsPage })));

export const CLAIM_ROUTES: AppRoute[] = [
  { path: 'beanstandungen', permission: 'beanstandungen_menu_sehen', element: <ClaimsPage />, nav: { label: 'Beanstandung', order: 7, icon: IconAlertTriangle, counter: 'claims' } },
];
