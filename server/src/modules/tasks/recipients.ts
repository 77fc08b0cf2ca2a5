import { and, eq, sql } from 'drizzle-orm';
import { ADMIN_ROLE } from '@filialportal/core/roles';
import type { ServiceDeps } from '../../platform/deps.ts';
import { inScope, type Scope } from '../../platform/scope.ts';
import { userGroups } from '../teams/index.ts';
import { users } from '../users/index.ts';

/**
 * Task recipients (issue "tasks"): active users whose group receives tasks (aufgaben_erhalten, or
 * Admin), chosen by users, or by teams and/or locations (both given: users in one of the teams AND
 * at one of the locations). `outside` tells whether anyone found lies outside the actor's scope.
 */
export async function resolveTaskRecipients(
  { db }: ServiceDeps<'db'>,
  sel: { teams: readonly string[]; locations: readonly string[]; users: readonly string[]; scope: Scope },
): Promise<{ ids: string[]; outside: boolean }> {
  const bySelection = [];
  // One array parameter instead of one per person: the statement's text stays the same size.
  if (sel.users.length) bySelection.push(sql`${users.id} = any(${`{${sel.users.join(',')}}`}::uuid[])`);
  if (sel.teams.length || sel.locations.length) {
    bySelection.push(
      and(
        sel.teams.length ? sql`${userGroups.name} in (${sql.join(sel.teams.map((t) => sql`${t}`), sql`, `)})` : undefined,
        sel.locations.length ? sql`${users.locationId} = any(${`{${sel.locations.join(',')}}`}::uuid[])` : undefined,
      ),
    );
  }
  const rows = await db
    .select({ id: users.id, locationId: users.locationId })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(
      and(
        eq(users.active, true),
        sql`(${userGroups.name} = ${ADMIN_ROLE} or 'aufgaben_erhalten' = any(${userGroups.permissions}))`,
        sql`(${sql.join(bySelection, sql` or `)})`,
      ),
    );
  const outside = rows.some((r) => !inScope(sel.scope, r));
  return { ids: rows.map((r) => r.id), outside };
}
