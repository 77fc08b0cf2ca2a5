import type { ReactNode } from 'react';
import { NoPermission } from './NoPermission.tsx';
import type { PermissionRule } from '../shell-api/access.ts';
import { useCan } from '../shell-api/current-user.tsx';

/** Renders its children only for users who satisfy the rule; others read why not. */
export function RequirePermission({ rule, children }: { rule: PermissionRule; children: ReactNode }) {
  const can = useCan();
  return can(rule) ? children : <NoPermission />;
}
