import { MSG } from '@filialportal/core/messages';
import { uncoveredSettingsPermissions } from '@filialportal/core/permissions';
import { ADMIN_ROLE } from '@filialportal/core/roles';
import type { GroupRights } from '@filialportal/core/teams';
import type { Actor } from '../../platform/access.ts';

/**
 * The keys to an account are its password, username, group and active state, and deleting it.
 * Whoever holds them can act as that person, so only Admin holds them for an Admin, and only
 * Admin for someone whose group has settings rights the actor's group does not cover (a
 * narrowing right such as "nur freie Tage" is covered by the right it narrows). Every path that
 * touches the keys asks this one rule: update, (de)activate, delete, and, through `mayAssign`,
 * create and change of group. Returns the refusal's message, or null when the actor may.
 */
export function accountKeysRefusal(actor: Actor, group: GroupRights): string | null {
  if (actor.role === ADMIN_ROLE) return null;
  if (group.name === ADMIN_ROLE) return MSG.adminProtected;
  return uncoveredSettingsPermissions(group.permissions, actor.permissions).length ? MSG.userProtected : null;
}

/**
 * Whether the actor may give a group to someone: Admin every group; others only a group named
 * in their own group's `assignableUserGroups` (set by Admin) whose keys they may hold anyway,
 * so a list that has gone stale since still gives no more power than the actor has.
 */
export function mayAssign(actor: Actor, giverList: readonly string[], group: GroupRights & { id: string }): boolean {
  return actor.role === ADMIN_ROLE || (giverList.includes(group.id) && accountKeysRefusal(actor, group) === null);
}
