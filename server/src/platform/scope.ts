import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Permission } from '@filialportal/core/permissions';
import { can, type Actor } from './access.ts';

/**
 * Whose rows a person may see or change in a domain (spec 1 §6): a domain names its permissions
 * in a rule, `scopeOf` turns the rule and the actor into a scope, and the scope becomes SQL
 * conditions (`scopeWhere`) for lists or answers for one row (`inScope`). Both read the same
 * scope value, so a list never shows a row that the single-row check would refuse.
 */
export interface ScopeRule {
  /** Rows of everyone. */
  all?: Permission;
  /** Rows at the actor's location; `true` when the domain grants that without a permission. */
  ownLocation?: Permission | true;
  /** Rows of people in the actor's subordinate groups, at any location. */
  subordinateGroups?: Permission;
  /** Rows of people in the actor's subordinate groups at the actor's location. */
  subordinateGroupsAtOwnLocation?: Permission;
  /** The actor's own rows always belong to the scope. */
  self?: boolean;
  /** The location the actor works at for now (location switch) counts as own too. */
  withSelectedLocation?: boolean;
}

/** Beyond `everything`, a scope always holds the actor's own rows when the rule says `self`. */
export type Scope =
  | { readonly kind: 'everything' }
  | { readonly kind: 'nothing'; readonly self: string | null }
  | { readonly kind: 'locations'; readonly locations: readonly string[]; readonly self: string | null }
  | { readonly kind: 'groups'; readonly groups: readonly string[]; readonly locations: readonly string[] | null; readonly self: string | null };

const granted = (actor: Actor, permission: Permission | true | undefined) => permission === true || (permission !== undefined && can(actor, permission));

export function scopeOf(actor: Actor, rule: ScopeRule): Scope {
  if (rule.all && can(actor, rule.all)) return { kind: 'everything' };
  const self = rule.self ? actor.userId : null;
  const own = rule.withSelectedLocation && actor.selectedLocationId !== actor.locationId ? [actor.locationId, actor.selectedLocationId] : [actor.locationId];
  const subs = actor.subordinateGroups;
  if (granted(actor, rule.subordinateGroups)) return subs.length ? { kind: 'groups', groups: subs, locations: null, self } : { kind: 'nothing', self };
  if (granted(actor, rule.subordinateGroupsAtOwnLocation)) return subs.length ? { kind: 'groups', groups: subs, locations: own, self } : { kind: 'nothing', self };
  if (granted(actor, rule.ownLocation)) return { kind: 'locations', locations: own, self };
  return { kind: 'nothing', self };
}

/** The columns a scope reads; `userId` and `groupId` only where a rule uses self or groups. */
export interface ScopeColumns {
  locationId: AnyPgColumn;
  userId?: AnyPgColumn;
  groupId?: AnyPgColumn;
}

/** The scope as a condition on the listed columns; undefined when everything is in scope. */
export function scopeWhere(scope: Scope, cols: ScopeColumns): SQL | undefined {
  if (scope.kind === 'everything') return undefined;
  const grant = grantWhere(scope, cols);
  const self = scope.self === null ? undefined : eq(need(cols.userId, 'userId'), scope.self);
  if (!self) return grant ?? sql`false`;
  return grant ? or(self, grant) : self;
}

function grantWhere(scope: Exclude<Scope, { kind: 'everything' }>, cols: ScopeColumns): SQL | undefined {
  switch (scope.kind) {
    case 'nothing':
      return undefined;
    case 'locations':
      return inArray(cols.locationId, [...scope.locations]);
    case 'groups':
      return and(inArray(need(cols.groupId, 'groupId'), [...scope.groups]), scope.locations ? inArray(cols.locationId, [...scope.locations]) : undefined);
  }
}

/** The row the scope is asked about; null where the person was deleted. */
export interface ScopedRow {
  locationId: string | null;
  userId?: string | null;
  groupId?: string | null;
}

/** Whether one row belongs to the scope: the same answer `scopeWhere` gives in SQL. */
export function inScope(scope: Scope, row: ScopedRow): boolean {
  if (scope.kind === 'everything') return true;
  if (scope.self !== null && row.userId === scope.self) return true;
  switch (scope.kind) {
    case 'nothing':
      return false;
    case 'locations':
      return row.locationId !== null && scope.locations.includes(row.locationId);
    case 'groups':
      return row.groupId != null && scope.groups.includes(row.groupId) && (!scope.locations || (row.locationId !== null && scope.locations.includes(row.locationId)));
  }
}

function need(col: AnyPgColumn | undefined, name: string): AnyPgColumn {
  if (!col) throw new Error(`scopeWhere: this scope needs the ${name} column`);
  return col;
}

/**
 * Audiences (ARCHITECTURE §9): an item targeted at groups and locations reaches a person whose
 * group or parent group is among the groups and who works at one of the locations (home, or the
 * one chosen for now); an empty list does not restrict. Target and person are both arrays in
 * SQL, so the one rule reads one person against many items (their lists) and many people against
 * one item (who receives it).
 */
export interface AudienceTarget {
  groups: SQL | AnyPgColumn;
  locations: SQL | AnyPgColumn;
}

/** A person as an audience sees them: uuid arrays of their groups and of their locations. */
export interface AudienceMember {
  groups: SQL;
  locations: SQL;
}

export function audienceWhere(target: AudienceTarget, person: AudienceMember): SQL {
  return sql`((cardinality(${target.groups}) = 0 or ${target.groups} && ${person.groups}) and (cardinality(${target.locations}) = 0 or ${target.locations} && ${person.locations}))`;
}

