import { lazy } from 'react';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Feature } from '../../shell-api/feature.ts';
import { ClaimCountBadge } from './ClaimCountBadge.tsx';
import { claimKeys } from './claims.api.ts';

const ClaimsPage = lazy(() => import('./ClaimsPage.tsx').then((m) => ({ default: m.ClaimsPage })));

export const CLAIMS_FEATURE: Feature = {
  routes: [{ path: 'beanstandungen', permission: 'beanstandungen_menu_sehen', element: <ClaimsPage />, nav: { label: 'Beanstandung', order: 7, icon: IconAlertTriangle, counter: 'claims' } }],
  counters: [{ kind: 'claims', badge: ClaimCountBadge, rereads: [claimKeys.counter, ['claims', 'list']] }],
};
