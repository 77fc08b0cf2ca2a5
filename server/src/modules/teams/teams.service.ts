import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { ADMIN_ROLE } from '@filialportal/core/roles';
import type { TTeamRequest } from '@filialportal/core/teams';
import type { Actor } from '../../platform/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
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

/**
 * POST/PUT /team: creates or saves a group. Dependencies are already added by the schema and
 * conflicts refused there; here: unique name, known parent/subordinates, and no privilege
 * escalation (only Admin grants permissions he does not hold himself; the Admin group is fixed).
 */
export async function saveTeam(db: Db, actor: Actor, input: TTeamRequest['team'], id: string | null) {
  const existing = id ? (await db.select().from(userGroups).where(eq(userGroups.id, id)))[0] : undefined;
  if (id && !existing) throw notFound();
  if (existing?.name === ADMIN_ROLE || (input.name === ADMIN_ROLE && existing?.name !== ADMIN_ROLE)) throw forbidden(MSG.adminGroupFixed);
  if (actor.role !== ADMIN_ROLE) {
    const before = new Set(existing?.permissions ?? []);
    const added = input.permissions.filter((p) => !before.has(p));
    if (added.some((p) => !actor.permissions.has(p))) throw forbidden(MSG.permissionNotGrantable);
  }
  const refs = [...(input.parent ? [input.parent] : []), ...input.subordinateUserGroups];
  if (refs.length) {
    const found = await db.select({ id: userGroups.id }).from(userGroups).where(inArray(userGroups.id, refs));
    if (found.length !== new Set(refs).size || (id && input.parent === id)) throw badRequest(MSG.badRequest);
  }
  const [clash] = await db.select({ id: userGroups.id }).from(userGroups).where(and(eq(userGroups.name, input.name), id ? ne(userGroups.id, id) : undefined));
  if (clash) throw conflict(MSG.groupNameTaken);
  const values = {
    name: input.name,
    label: input.label,
    sortingIndex: input.sortingIndex,
    rights: input.rights,
    permissions: input.permissions,
    parentId: input.parent,
    subordinateUserGroups: [...new Set(input.subordinateUserGroups)],
    loginTimeForDesktop: input.loginTimeForDesktop,
    loginTimeForTablet: input.loginTimeForTablet,
  };
  const [row] = id
    ? await db.update(userGroups).set(values).where(eq(userGroups.id, id)).returning({ id: userGroups.id })
    : await db.insert(userGroups).values(values).returning({ id: userGroups.id });
  const teams = await listTeams(db, true);
  return { team: teams.find((t) => t.id === row!.id)! };
}
