import { asc, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { NEWS_AUDIENCE_PEOPLE_SHOWN, type TNewsAudienceRequest } from '@filialportal/core/news';
import type { ServiceDeps } from '../../platform/deps.ts';
import { audienceWhere, type AudienceTarget } from '../../platform/scope.ts';
import { locations } from '../locations/index.ts';
import { userGroups } from '../teams/index.ts';
import { users } from '../users/index.ts';
import { checkTargets } from './news.service.ts';
import { member, recipientsWhere, targetOf } from './recipients.ts';

const parentGroup = alias(userGroups, 'parent_group');

/** Why a person receives it: their own group is targeted, only its parent group is, or they see all news. */
function reasonOf(target: AudienceTarget) {
  return sql<'group' | 'parent' | 'all'>`case when ${audienceWhere(target, member)} then (case when cardinality(${target.groups}) = 0 or ${users.groupId} = any(${target.groups}) then 'group' else 'parent' end) else 'all' end`;
}

/**
 * POST /news/audience: before publishing, how many and which people the chosen groups and
 * locations reach, per group with the reason (the group itself, its parent group, or the right
 * to see all news), and the first people by location and name.
 */
export async function previewAudience(deps: ServiceDeps<'db'>, input: TNewsAudienceRequest) {
  const { db } = deps;
  await checkTargets(deps, input);
  const target = targetOf(input);
  // One subquery computes the reason per person, so grouping and ordering read it as a column.
  const reached = db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      groupId: sql<string>`${userGroups.id}`.as('group_id'),
      group: sql<string>`${userGroups.label}`.as('group_label'),
      sorting: sql<number>`${userGroups.sortingIndex}`.as('group_sorting'),
      parent: sql<string | null>`${parentGroup.label}`.as('parent_label'),
      location: sql<string>`${locations.name}`.as('location_name'),
      reason: reasonOf(target).as('reason'),
    })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .leftJoin(parentGroup, eq(parentGroup.id, userGroups.parentId))
    .innerJoin(locations, eq(locations.id, users.locationId))
    .where(recipientsWhere(target, true))
    .as('reached');
  const groups = await db
    .select({ id: reached.groupId, label: reached.group, parent: reached.parent, reason: reached.reason, count: count() })
    .from(reached)
    .groupBy(reached.groupId, reached.group, reached.sorting, reached.parent, reached.reason)
    .orderBy(sql`${reached.reason} = 'all'`, asc(reached.sorting), asc(reached.group));
  const people = await db
    .select({ userId: reached.userId, firstName: reached.firstName, lastName: reached.lastName, group: reached.group, location: reached.location, reason: reached.reason })
    .from(reached)
    .orderBy(sql`${reached.reason} = 'all'`, asc(reached.location), asc(reached.lastName), asc(reached.firstName), asc(reached.userId))
    .limit(NEWS_AUDIENCE_PEOPLE_SHOWN);
  const total = (reasons: readonly string[]) => groups.filter((g) => reasons.includes(g.reason)).reduce((n, g) => n + g.count, 0);
  return {
    count: total(['group', 'parent', 'all']),
    reached: total(['group', 'parent']),
    seesAll: total(['all']),
    groups: groups.map((g) => ({ id: g.id, label: g.label, count: g.count, reason: g.reason, via: g.reason === 'parent' ? g.parent : null })),
    people: people.map((p) => ({ userId: p.userId, userName: `${p.firstName} ${p.lastName}`, group: p.group, location: p.location, reason: p.reason })),
  };
}
