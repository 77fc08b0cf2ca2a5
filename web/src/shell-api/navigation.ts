import type { TablerIcon } from '@tabler/icons-react';
import { can, type PermissionRule } from './access.ts';
import type { CounterKind } from './feature.ts';

/** One entry of the main navigation (spec 1 §2 "Main navigation"). */
export interface NavItem {
  label: string;
  /** URL path of the view. */
  path: string;
  icon?: TablerIcon;
  /** Who sees the entry. */
  permission: PermissionRule;
  /** The address prefix of the whole view when `path` is one of its sub-views ('/urlaub' for '/urlaub/1'). */
  match?: string;
  /** Whether the view exists yet; entries of views still to come stay hidden. */
  built: boolean;
  /** Counter shown beside the label: own open tasks, unseen claims or advertising. */
  counter?: CounterKind;
  children?: NavItem[];
}

/**
 * The entries a user sees: built and permitted (by the permissions and the group name `role`),
 * with their sub-entries filtered alike; a section whose sub-entries are all hidden is hidden too.
 */
export function visibleNavigation(permissions: readonly string[], items: readonly NavItem[], role?: string): NavItem[] {
  return items
    .filter((item) => item.built && can(permissions, item.permission, role))
    .map((item) => (item.children ? { ...item, children: visibleNavigation(permissions, item.children, role) } : item))
    .filter((item) => !item.children || item.children.length > 0);
}
