import { lazy } from 'react';
import { IconClockShield, IconListSearch } from '@tabler/icons-react';
import type { Feature } from '../../shell-api/feature.ts';

const AuditList = lazy(() => import('./AuditList.tsx').then((m) => ({ default: m.AuditList })));
const RetentionForm = lazy(() => import('./RetentionForm.tsx').then((m) => ({ default: m.RetentionForm })));

// Admin alone, as on the server: the trail shows who read whose health data, and retention is the
// data protection officer's matter; the permission catalogue has no right for either.
const ADMIN_ONLY = { roles: ['Admin'] } as const;

/** The audit trail and the retention periods, in the settings' 'System' group. */
export const AUDIT_FEATURE: Feature = {
  settings: [
    { path: 'protokoll', label: 'Protokoll', icon: IconListSearch, permission: ADMIN_ONLY, order: 14, group: 'System', element: <AuditList /> },
    { path: 'aufbewahrung', label: 'Aufbewahrung', icon: IconClockShield, permission: ADMIN_ONLY, order: 15, group: 'System', element: <RetentionForm /> },
  ],
};
