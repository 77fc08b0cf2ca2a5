import { eq, sql } from 'drizzle-orm';
import { groupHoldsAny, type Actor } from '../../platform/access.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { claimStatuses } from '../lists/index.ts';
import { notify } from '../notifications/index.ts';
import { userGroups } from '../teams/index.ts';
import { users } from '../users/index.ts';
import { claims } from './claims.table.ts';

/**
 * A claim's new state (a status chosen, the claim completed), told to the people of its branch
 * who see claims: those whose claim locations (claim-view.ts CLAIM_SCOPE, for the own location:
 * the account's claim locations when set, else where the person works now) include the claim's;
 * not the person who changed it.
 */
export async function notifyClaimState(
  deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>,
  actor: Actor,
  { id, completed = false }: { id: string; completed?: boolean },
) {
  const { db } = deps;
  const [claim] = await db
    .select({ number: claims.number, locationId: claims.locationId, statusId: claims.statusId, status: claimStatuses.name })
    .from(claims)
    .leftJoin(claimStatuses, eq(claimStatuses.id, claims.statusId))
    .where(eq(claims.id, id));
  if (!claim) return;
  const ownLocations = sql`(case when cardinality(${users.allowedLocationsClaim}) > 0 then ${users.allowedLocationsClaim} else array[coalesce(${users.selectedLocationId}, ${users.locationId})] end)`;
  const people = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(sql`${users.active} and ${users.id} <> ${actor.userId} and ${groupHoldsAny(userGroups, ['beanstandungen_menu_sehen'])} and ${claim.locationId}::uuid = any(${ownLocations})`);
  await notify(deps, {
    kind: 'claim_state',
    userIds: people.map((p) => p.id),
    title: completed ? `Beanstandung ${claim.number} wurde abgeschlossen` : `Beanstandung ${claim.number}: Status „${claim.status ?? 'ohne Status'}“`,
    link: `/beanstandungen?id=${id}`,
    // Each change is told, also a status chosen again later.
    ref: `claim:${id}:${completed ? 'completed' : (claim.statusId ?? 'none')}:${Date.now()}`,
  }).catch((err: unknown) => deps.log.error({ err }, 'claim notification failed'));
}
