import type { Permission } from '@filialportal/core/permissions';

/**
 * A permission rule of a view or menu item: one permission, any of several, all of several,
 * or `null` for "everyone who is logged in". The server enforces the same rules; the client
 * only hides what would be refused.
 */
export type PermissionRule = Permission | { anyOf: readonly Permission[] } | { allOf: readonly Permission[] } | null;

/** Whether a permission list satisfies a rule (Admin's list holds the whole catalogue). */
export function can(permissions: readonly string[], rule: PermissionRule): boolean {
  if (rule === null) return true;
  if (typeof rule === 'string') return permissions.includes(rule);
  if ('anyOf' in rule) return rule.anyOf.some((p) => permissions.includes(p));
  return rule.allOf.every((p) => permissions.includes(p));
}
