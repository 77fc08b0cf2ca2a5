import type { Permission } from '@filialportal/core/permissions';
import { ADMIN_ROLE, type RoleIdentifier } from '@filialportal/core/roles';

/**
 * A permission rule of a view or menu item: one permission, any of several, all of several,
 * one of several roles (for what the permission catalogue has no string for, the audit trail),
 * or `null` for "everyone who is logged in". The server enforces the same rules; the client
 * only hides what would be refused.
 */
export type PermissionRule =
  | Permission
  | { anyOf: readonly Permission[] }
  | { allOf: readonly Permission[] }
  | { roles: readonly RoleIdentifier[] }
  | null;

/**
 * Whether a user satisfies a rule: by the permission list (Admin's holds the whole catalogue)
 * or, for a roles rule, by the group name `role`; Admin passes every role check, as on the
 * server. A roles rule without a role is not met.
 */
export function can(permissions: readonly string[], rule: PermissionRule, role?: string): boolean {
  if (rule === null) return true;
  if (typeof rule === 'string') return permissions.includes(rule);
  if ('roles' in rule) return role !== undefined && (role === ADMIN_ROLE || (rule.roles as readonly string[]).includes(role));
  if ('anyOf' in rule) return rule.anyOf.some((p) => permissions.includes(p));
  return rule.allOf.every((p) => permissions.includes(p));
}
