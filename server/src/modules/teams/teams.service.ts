import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { users } from '../users/users.table.ts';
import { userGroups } from './teams.table.ts';

export type GroupRow = typeof userGroups.$inferSelect;

/**
 * All user groups with their member count, in sorting order. The permissions and login times
 * are part of the answer only for those who may see the group settings.
 */
export async function listTeams(db: Db, full: boolean) {
  const counts = db
    .select({ groupId: users.groupId, count: count().as('count') })
    .from(users)
    .groupBy(users.groupId)
    .as('counts');
  const rows = await db
    .select({ group: userGroups, count: counts.count })
    .from(userGroups)
    .leftJoin(counts, eq(counts.groupId, userGroups.id))
    .orderBy(asc(userGroups.sortingIndex), asc(userGroups.label));
  const labels = new Map(rows.map((r) => [r.group.id, r.group.label]));
  return rows.map(({ group, count }) => ({
    id: group.id,
    name: group.name,
    label: group.label,
    sortingIndex: group.sortingIndex,
    count: Number(count ?? 0),
    ...(full
      ? {
          rights: group.rights,
          permissions: group.permissions,
          parent: group.parentId,
          parentLabel: group.parentId ? (labels.get(group.parentId) ?? '') : '',
          subordinateUserGroups: group.subordinateUserGroups,
          loginTimeForDesktop: group.loginTimeForDesktop,
          loginTimeForTablet: group.loginTimeForTablet,
        }
      : {}),
  }));
}
