import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ServiceDeps } from '../../platform/deps.ts';
import { userGroups } from '../teams/index.ts';
import { users } from '../users/index.ts';
import type { Person } from './absence-people.ts';

/**
 * The permissions to see and approve others' vacation, here beside the approver rule that reads
 * them, so that the vacation service, which calls the rule, and the rule do not import each other.
 */
export const ALL = 'urlaub_von_allen_sehen_und_bearbeiten';
export const SUBGROUPS = 'urlaub_von_allen_untergeordneten_gruppen_sehen_und_bearbeiten';
export const OWN_LOCATION = 'urlaub_von_untergeordneten_aus_eigener_filiale_sehen_und_bearbeiten';

/**
 * Who gets the approval task: the closest approvers first — subordinate-group approvers of the
 * same location, then those of all locations, then those who process everyone's vacation; Admin
 * only when nobody else would.
 */
export async function approversOf({ db }: ServiceDeps<'db'>, p: Person): Promise<string[]> {
  // The first tier with anyone in it decides. Ranked in SQL: reading every active user with the
  // permission list of their group cost megabytes per request at company scale.
  const oversees = sql`${p.groupId}::uuid = any(${userGroups.subordinateUserGroups})`;
  const holds = (perm: string) => sql`${perm} = any(${userGroups.permissions})`;
  const notAdmin = sql`${userGroups.name} <> 'Admin'`;
  const tier = sql<number>`case
    when ${notAdmin} and ${oversees} and ${holds(OWN_LOCATION)} and ${users.locationId} = ${p.locationId} then 1
    when ${notAdmin} and ${oversees} and ${holds(SUBGROUPS)} then 2
    when ${notAdmin} and ${holds(ALL)} then 3
    when ${userGroups.name} = 'Admin' then 4 end`;
  const candidateGroups = db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(sql`${userGroups.name} = 'Admin' or ${holds(ALL)} or (${oversees} and (${holds(OWN_LOCATION)} or ${holds(SUBGROUPS)}))`);
  const ranked = db.$with('ranked').as(
    db
      .select({ id: sql<string>`${users.id}`.as('approver_id'), tier: tier.as('tier') })
      .from(users)
      .innerJoin(userGroups, eq(userGroups.id, users.groupId))
      // Only the people of groups that can rank at all: a few dozen leads instead of the whole staff.
      .where(and(eq(users.active, true), ne(users.id, p.id), inArray(users.groupId, candidateGroups))),
  );
  const rows = await db
    .with(ranked)
    .select({ id: ranked.id })
    .from(ranked)
    .where(sql`${ranked.tier} = (select min(tier) from ranked)`);
  return rows.map((r) => r.id);
}

