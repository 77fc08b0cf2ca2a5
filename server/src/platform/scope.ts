import { and, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Permission } from '@filialportal/core/permissions';
import { can, type Actor } from './access.ts';
import type { Db } from './db.ts';

/**
 * Whose rows a person may see or change in a domain (spec 1 §6, ARCHITECTURE §9): a domain names
 * its permissions in a rule, `scopeOf` turns the rule and the actor into a scope, and the scope
 * becomes SQL conditions (`scopeWhere`) for lists or answers for one row (`inScope`). Both read
 * the same scope value, so a list never shows a row that the single-row check would refuse.
 */
export interface ScopeRule {
  /** Rows of everyone: one permission, any of several, or `true` for everyone who reaches the route. */
  all?: Permission | readonly Permission[] | true;
  /** Rows at the actor's location, with one of the permissions; `true` when the domain grants that without one. */
  ownLocation?: Permission | readonly Permission[] | true;
  /** Rows of people in the actor's subordinate groups, at any location. */
  subordinateGroups?: Permission;
  /** Rows of people in the actor's subordinate groups at the actor's location. */
  subordinateGroupsAtOwnLocation?: Permission;
  /** The actor's own rows always belong to the scope. */
  self?: boolean;
  /** The location the actor works at for now (location switch) counts as own too. */
  withSelectedLocation?: boolean;
  /**
   * Where the domain keeps the actor's own locations itself (a uuid array in SQL, read in the
   * statement that uses the scope), in place of the locations they work at: the claim locations
   * of an account.
   */
  accountLocations?: (actor: Actor) => SQL;
  /**
   * Below `all`, rows meant for an audience (news: groups × locations; documents: read groups) reach
   * the people the audience admits (`audienceWhere`). The group tree gives the actor's parent group.
   */
  audience?: { groupTree: GroupTree };
  /** Rows count only from their published-from instant on; holders of one of `before` see them earlier. */
  publishedFrom?: { before: readonly Permission[] };
}

/** The groups table as the audience reads it: a group and its parent. */
export interface GroupTree {
  id: AnyPgColumn;
  parentId: AnyPgColumn;
}

/** Ids known to the server, or a SQL uuid array that names them in the statement itself. */
export type ScopeIds = readonly string[] | SQL;

type Grant =
  | { readonly kind: 'everything' }
  | { readonly kind: 'nothing'; readonly self: string | null }
  | { readonly kind: 'locations'; readonly locations: readonly string[]; readonly self: string | null }
  | { readonly kind: 'accountLocations'; readonly locations: SQL; readonly self: string | null }
  | { readonly kind: 'groups'; readonly groups: readonly string[]; readonly locations: readonly string[] | null; readonly self: string | null }
  | { readonly kind: 'audience'; readonly groups: ScopeIds; readonly locations: readonly string[]; readonly self: string | null };

/**
 * Beyond `everything`, a scope always holds the actor's own rows when the rule says `self`; with
 * `onlyPublished`, every kind holds only rows whose published-from instant has passed.
 */
export type Scope = Grant & { readonly onlyPublished: boolean };

const granted = (actor: Actor, permission: Permission | readonly Permission[] | true | undefined) =>
  permission === true || (typeof permission === 'string' ? can(actor, permission) : (permission?.some((p) => can(actor, p)) ?? false));

export function scopeOf(actor: Actor, rule: ScopeRule): Scope {
  const onlyPublished = rule.publishedFrom !== undefined && !granted(actor, rule.publishedFrom.before);
  return { ...grantOf(actor, rule), onlyPublished };
}

function grantOf(actor: Actor, rule: ScopeRule): Grant {
  if (granted(actor, rule.all)) return { kind: 'everything' };
  const self = rule.self ? actor.userId : null;
  const own = rule.withSelectedLocation && actor.selectedLocationId !== actor.locationId ? [actor.locationId, actor.selectedLocationId] : [actor.locationId];
  const subs = actor.subordinateGroups;
  if (granted(actor, rule.subordinateGroups)) return subs.length ? { kind: 'groups', groups: subs, locations: null, self } : { kind: 'nothing', self };
  if (granted(actor, rule.subordinateGroupsAtOwnLocation)) return subs.length ? { kind: 'groups', groups: subs, locations: own, self } : { kind: 'nothing', self };
  if (granted(actor, rule.ownLocation)) return rule.accountLocations ? { kind: 'accountLocations', locations: rule.accountLocations(actor), self } : { kind: 'locations', locations: own, self };
  if (rule.audience) return { kind: 'audience', groups: groupLine(rule.audience.groupTree, actor.groupId), locations: own, self };
  return { kind: 'nothing', self };
}

/** The actor's group and its parent group, read from the tree in the statement that asks. */
function groupLine(tree: GroupTree, groupId: string): SQL {
  return sql`array(select ${tree.id} from ${tree.id.table} where ${tree.id} = ${groupId}
    union all select ${tree.parentId} from ${tree.id.table} where ${tree.id} = ${groupId} and ${tree.parentId} is not null)`;
}

/**
 * The SQL parts of a scope (the actor's parent group, an account's locations) read into ids, in
 * one query: for single-row answers (`inScope`) where no statement reads the rows themselves.
 */
export async function resolveScope(db: Db, scope: Scope): Promise<Scope> {
  const pending = scope.kind === 'accountLocations' ? scope.locations : scope.kind === 'audience' && !Array.isArray(scope.groups) ? (scope.groups as SQL) : null;
  if (!pending) return scope;
  const [row] = await db.select({ ids: sql<string[] | null>`${pending}` }).from(sql`(select 1) one`);
  const ids = row?.ids ?? [];
  const { self, onlyPublished } = scope as Extract<Scope, { kind: 'accountLocations' | 'audience' }>;
  return scope.kind === 'audience' ? { ...scope, groups: ids } : { kind: 'locations', locations: ids, self, onlyPublished };
}

/** The columns a scope reads; each only where a rule uses it. */
export interface ScopeColumns {
  locationId?: AnyPgColumn;
  userId?: AnyPgColumn;
  groupId?: AnyPgColumn;
  /**
   * The audience of a row: its target groups and locations (uuid arrays; empty does not restrict),
   * and the containers it lies in (the folders of a path), each of which must admit the person too.
   */
  audience?: { groups?: SQL | AnyPgColumn; locations?: SQL | AnyPgColumn; within?: AudienceContainers };
  /** The instant from which the row counts as published. */
  publishedFrom?: AnyPgColumn;
}

/**
 * The rows of `groups.table` whose `id` is among `ids` (a uuid array of the row, such as a folder
 * path). Name `ids` qualified (`f.path`) where the condition sits in a single table's select list:
 * Drizzle writes columns there unqualified, and inside the check they would name the container's.
 */
export interface AudienceContainers {
  ids: SQL | AnyPgColumn;
  id: AnyPgColumn;
  groups: AnyPgColumn;
}

/** The scope as a condition on the listed columns; undefined when every row is in scope. */
export function scopeWhere(scope: Scope, cols: ScopeColumns): SQL | undefined {
  const published = scope.onlyPublished ? lte(need(cols.publishedFrom, 'publishedFrom'), sql`now()`) : undefined;
  if (scope.kind === 'everything') return published;
  const grant = grantWhere(scope, cols);
  const self = scope.self === null ? undefined : eq(need(cols.userId, 'userId'), scope.self);
  const rows = self ? (grant ? or(self, grant) : self) : (grant ?? sql`false`);
  return published ? and(rows, published) : rows;
}

function grantWhere(scope: Exclude<Scope, { kind: 'everything' }>, cols: ScopeColumns): SQL | undefined {
  switch (scope.kind) {
    case 'nothing':
      return undefined;
    case 'locations':
      return inArray(need(cols.locationId, 'locationId'), [...scope.locations]);
    case 'accountLocations':
      return sql`${need(cols.locationId, 'locationId')} = any(${scope.locations})`;
    case 'groups':
      return and(inArray(need(cols.groupId, 'groupId'), [...scope.groups]), scope.locations ? inArray(need(cols.locationId, 'locationId'), [...scope.locations]) : undefined);
    case 'audience': {
      const target = need(cols.audience, 'audience');
      const person = { groups: idArray(scope.groups), locations: idArray(scope.locations) };
      const reached = target.groups === undefined ? undefined : audienceWhere({ groups: target.groups, locations: target.locations }, person);
      if (!target.within) return reached ?? sql`true`;
      const { ids, id, groups } = target.within;
      // Aliased: `ids` may name a column of the same table in the outer statement.
      const c = (col: AnyPgColumn) => sql`scope_container.${sql.identifier(col.name)}`;
      // A container that does not admit the person hides what lies inside it.
      const inside = sql`not exists (select 1 from ${groups.table} scope_container where ${c(id)} = any(${ids}) and not ${audienceWhere({ groups: c(groups) }, person)})`;
      return reached ? sql`(${reached} and ${inside})` : inside;
    }
  }
}

const idArray = (ids: ScopeIds): SQL => (Array.isArray(ids) ? sql`${`{${ids.join(',')}}`}::uuid[]` : (ids as SQL));

/** The row the scope is asked about; null where the person was deleted. */
export interface ScopedRow {
  locationId?: string | null;
  userId?: string | null;
  groupId?: string | null;
  /** Target groups and locations of the row, and the groups of each container it lies in. */
  audience?: { groups?: readonly string[]; locations?: readonly string[]; within?: readonly (readonly string[])[] };
  publishedFrom?: Date;
}

/** Whether one row belongs to the scope: the same answer `scopeWhere` gives in SQL. */
export function inScope(scope: Scope, row: ScopedRow): boolean {
  if (scope.onlyPublished && !(need(row.publishedFrom, 'publishedFrom').getTime() <= Date.now())) return false;
  if (scope.kind === 'everything') return true;
  if (scope.self !== null && row.userId === scope.self) return true;
  const at = (locations: readonly string[]) => row.locationId != null && locations.includes(row.locationId);
  switch (scope.kind) {
    case 'nothing':
      return false;
    case 'locations':
      return at(scope.locations);
    case 'accountLocations':
      throw new Error('inScope: the account locations are SQL; resolveScope reads them first');
    case 'groups':
      return row.groupId != null && scope.groups.includes(row.groupId) && (!scope.locations || at(scope.locations));
    case 'audience': {
      if (!Array.isArray(scope.groups)) throw new Error('inScope: the group line is SQL; resolveScope reads it first');
      const line = scope.groups as readonly string[];
      const target = need(row.audience, 'audience');
      const admits = (groups: readonly string[]) => groups.length === 0 || groups.some((g) => line.includes(g));
      const placed = !target.locations || target.locations.length === 0 || target.locations.some((l) => scope.locations.includes(l));
      const reached = target.groups === undefined || (admits(target.groups) && placed);
      return reached && (target.within ?? []).every(admits);
    }
  }
}

function need<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`scope: this scope needs the ${name} column`);
  return value;
}

/**
 * Audiences (ARCHITECTURE §9): an item targeted at groups and locations reaches a person whose
 * group or parent group is among the groups and who works at one of the locations (home, or the
 * one chosen for now); an empty list does not restrict, and an item without target locations
 * (read groups) asks the groups only. Target and person are both arrays in SQL, so the one rule
 * reads one person against many items (`scopeWhere` of an audience scope) and many people against
 * one item (who receives it).
 */
export interface AudienceTarget {
  groups: SQL | AnyPgColumn;
  locations?: SQL | AnyPgColumn;
}

/** A person as an audience sees them: uuid arrays of their groups and of their locations. */
export interface AudienceMember {
  groups: SQL;
  locations: SQL;
}

export function audienceWhere(target: AudienceTarget, person: AudienceMember): SQL {
  const groups = sql`(cardinality(${target.groups}) = 0 or ${target.groups} && ${person.groups})`;
  if (target.locations === undefined) return groups;
  return sql`(${groups} and (cardinality(${target.locations}) = 0 or ${target.locations} && ${person.locations}))`;
}
