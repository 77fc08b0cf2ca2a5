import { and, eq, sql, type SQL } from 'drizzle-orm';
import { groupHoldsAny } from '../../platform/access.ts';
import { audienceWhere, type AudienceTarget } from '../../platform/scope.ts';
import { userGroups } from '../teams/index.ts';
import { users } from '../users/index.ts';

// Who receives a news item: the rule the audience preview, the read confirmations and the
// notifications share. Apart from the service, so that the service can tell the recipients.

/** A list of validated ids as one PostgreSQL array parameter. */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** A person of the users table as an audience reads them (the same shape `visibleWhere` builds for the actor). */
export const member = {
  groups: sql`array[${users.groupId}, ${userGroups.parentId}]`,
  locations: sql`array[${users.locationId}, coalesce(${users.selectedLocationId}, ${users.locationId})]`,
};

/** The target groups and locations of an item as SQL arrays. */
export const targetOf = (item: { teams: readonly string[]; locations: readonly string[] }): AudienceTarget => ({
  groups: uuidArray(item.teams),
  locations: uuidArray(item.locations),
});

const reads = groupHoldsAny(userGroups, ['neuigkeiten_eigene_sehen', 'neuigkeiten_alle_sehen']);
const seesAll = groupHoldsAny(userGroups, ['neuigkeiten_alle_sehen']);

/**
 * Who receives a news item: the active people who read news and whom its audience reaches (the
 * rule `visibleWhere` applies to the reader, platform/scope.ts), optionally with those who see
 * every item through neuigkeiten_alle_sehen. Read confirmations ask the reached people only.
 */
export function recipientsWhere(target: AudienceTarget, withSeesAll: boolean): SQL {
  const reached = audienceWhere(target, member);
  return and(eq(users.active, true), reads, withSeesAll ? sql`(${reached} or ${seesAll})` : reached)!;
}
