import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import type { Permission } from '@filialportal/core/permissions';
import type { Actor } from '../src/platform/access.ts';
import type { Database } from '../src/platform/db.ts';
import { inScope, scopeOf, scopeWhere, type Scope, type ScopeRule } from '../src/platform/scope.ts';
import { freshDatabase } from './helpers.ts';

// Plain text keys stand in for ids: the scope only compares them.
const rowsTable = pgTable('scope_rows', { name: text('name').primaryKey(), userId: text('user_id'), locationId: text('location_id'), groupId: text('group_id') });
const cols = { userId: rowsTable.userId, locationId: rowsTable.locationId, groupId: rowsTable.groupId };

/** The actor: user me, location koeln (switched to bonn), groups verkauf → subordinates azubi, aushilfe. */
function actor(permissions: Permission[], opts: { role?: string; subordinateGroups?: string[]; selected?: string } = {}): Actor {
  return {
    userId: 'me',
    sessionId: 's',
    role: opts.role ?? 'Filialleitung',
    groupId: 'filialleitung',
    locationId: 'koeln',
    selectedLocationId: opts.selected ?? 'koeln',
    permissions: new Set(permissions),
    subordinateGroups: opts.subordinateGroups ?? ['azubi', 'aushilfe'],
    externalLogin: false,
  };
}

const ROWS = [
  { name: 'own row elsewhere', userId: 'me', locationId: 'hamburg', groupId: 'filialleitung' },
  { name: 'azubi in Köln', userId: 'a', locationId: 'koeln', groupId: 'azubi' },
  { name: 'azubi in Hamburg', userId: 'b', locationId: 'hamburg', groupId: 'azubi' },
  { name: 'verkauf in Köln', userId: 'c', locationId: 'koeln', groupId: 'verkauf' },
  { name: 'verkauf in Bonn', userId: 'd', locationId: 'bonn', groupId: 'verkauf' },
  { name: 'deleted person', userId: null, locationId: null, groupId: null },
];
const ALL_NAMES = ROWS.map((r) => r.name);

const VACATION: ScopeRule = { all: 'urlaub_von_allen_sehen_und_bearbeiten', subordinateGroups: 'urlaub_von_allen_untergeordneten_gruppen_sehen_und_bearbeiten', subordinateGroupsAtOwnLocation: 'urlaub_von_untergeordneten_aus_eigener_filiale_sehen_und_bearbeiten', self: true };
const SICK: ScopeRule = { all: 'krankmeldungen_von_allen_sehen_und_bearbeiten', ownLocation: 'krankmeldungen_aus_eigener_filiale_sehen_und_bearbeiten' };
const CALENDAR: ScopeRule = { all: 'an_abwesenheit_von_allen_sehen', ownLocation: true, withSelectedLocation: true };

const CASES: { title: string; rule: ScopeRule; actor: Actor; kind: Scope['kind']; sees: string[] }[] = [
  { title: 'the "all" permission sees everything', rule: SICK, actor: actor(['krankmeldungen_von_allen_sehen_und_bearbeiten']), kind: 'everything', sees: ALL_NAMES },
  { title: 'Admin passes every permission', rule: SICK, actor: actor([], { role: 'Admin' }), kind: 'everything', sees: ALL_NAMES },
  { title: 'own location', rule: SICK, actor: actor(['krankmeldungen_aus_eigener_filiale_sehen_und_bearbeiten']), kind: 'locations', sees: ['azubi in Köln', 'verkauf in Köln'] },
  { title: 'without a permission nothing', rule: SICK, actor: actor([]), kind: 'nothing', sees: [] },
  { title: 'own location granted without a permission, switched location included', rule: CALENDAR, actor: actor([], { selected: 'bonn' }), kind: 'locations', sees: ['azubi in Köln', 'verkauf in Köln', 'verkauf in Bonn'] },
  { title: 'subordinate groups anywhere, and the own rows', rule: VACATION, actor: actor(['urlaub_von_allen_untergeordneten_gruppen_sehen_und_bearbeiten']), kind: 'groups', sees: ['own row elsewhere', 'azubi in Köln', 'azubi in Hamburg'] },
  { title: 'subordinate groups at the own location, and the own rows', rule: VACATION, actor: actor(['urlaub_von_untergeordneten_aus_eigener_filiale_sehen_und_bearbeiten']), kind: 'groups', sees: ['own row elsewhere', 'azubi in Köln'] },
  { title: 'the wider of two grants wins', rule: VACATION, actor: actor(['urlaub_von_allen_untergeordneten_gruppen_sehen_und_bearbeiten', 'urlaub_von_untergeordneten_aus_eigener_filiale_sehen_und_bearbeiten']), kind: 'groups', sees: ['own row elsewhere', 'azubi in Köln', 'azubi in Hamburg'] },
  { title: 'a group without subordinates sees only the own rows', rule: VACATION, actor: actor(['urlaub_von_allen_untergeordneten_gruppen_sehen_und_bearbeiten'], { subordinateGroups: [] }), kind: 'nothing', sees: ['own row elsewhere'] },
  { title: 'no permission: only the own rows', rule: VACATION, actor: actor([]), kind: 'nothing', sees: ['own row elsewhere'] },
  { title: 'everything includes the rows of deleted people', rule: VACATION, actor: actor(['urlaub_von_allen_sehen_und_bearbeiten']), kind: 'everything', sees: ALL_NAMES },
];

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
  await database.db.execute(sql`create table scope_rows (name text primary key, user_id text, location_id text, group_id text)`);
  await database.db.insert(rowsTable).values(ROWS);
});
afterAll(() => database.close());

describe('scope: one rule, the same answer in SQL and for one row', () => {
  it.each(CASES)('$title', async ({ rule, actor: a, kind, sees }) => {
    const scope = scopeOf(a, rule);
    expect(scope.kind).toBe(kind);
    const listed = await database.db.select({ name: rowsTable.name }).from(rowsTable).where(scopeWhere(scope, cols)).orderBy(asc(rowsTable.name));
    expect(listed.map((r) => r.name)).toEqual([...sees].sort());
    expect(ROWS.filter((r) => inScope(scope, r)).map((r) => r.name).sort()).toEqual([...sees].sort());
  });

  it('refuses to build SQL for a group scope without the group column', () => {
    const scope = scopeOf(actor(['urlaub_von_allen_untergeordneten_gruppen_sehen_und_bearbeiten']), VACATION);
    expect(() => scopeWhere(scope, { locationId: rowsTable.locationId, userId: rowsTable.userId })).toThrow(/groupId/);
  });
});
