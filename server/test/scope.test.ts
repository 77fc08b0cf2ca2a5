import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Permission } from '@filialportal/core/permissions';
import type { Actor } from '../src/platform/access.ts';
import type { Database } from '../src/platform/db.ts';
import { inScope, resolveScope, scopeOf, scopeWhere, type Scope, type ScopeColumns, type ScopedRow, type ScopeRule } from '../src/platform/scope.ts';
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
const PICKER: ScopeRule = { all: ['mitarbeiter_anmelden_alle', 'schulung_erstellen', 'schulung_bearbeiten'], ownLocation: true, withSelectedLocation: true };

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
  { title: 'any one of several "all" permissions sees everything', rule: PICKER, actor: actor(['schulung_bearbeiten']), kind: 'everything', sees: ALL_NAMES },
  { title: 'none of the "all" permissions: the own location', rule: PICKER, actor: actor([]), kind: 'locations', sees: ['azubi in Köln', 'verkauf in Köln'] },
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

// Audiences, read groups, account locations and published-from compare uuid arrays: these tables
// hold uuids, named here for reading.
const NAMES = ['me', 'other', 'verkauf', 'azubi', 'lager', 'filialleitung', 'personal', 'koeln', 'bonn', 'hamburg', 'open', 'sales', 'hr'] as const;
const U = Object.fromEntries(NAMES.map((n, i) => [n, `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`])) as Record<(typeof NAMES)[number], string>;

const groupsTable = pgTable('scope_groups', { id: uuid('id').primaryKey(), parentId: uuid('parent_id') });
const newsTable = pgTable('scope_news', {
  name: text('name').primaryKey(),
  createdBy: uuid('created_by'),
  groups: uuid('groups').array().notNull(),
  locations: uuid('locations').array().notNull(),
  publishedFrom: timestamp('published_from', { withTimezone: true }).notNull(),
});
const foldersTable = pgTable('scope_folders', { id: uuid('id').primaryKey(), groups: uuid('groups').array().notNull() });
const documentsTable = pgTable('scope_documents', { name: text('name').primaryKey(), groups: uuid('groups').array().notNull(), path: uuid('path').array().notNull() });
const claimsTable = pgTable('scope_claims', { name: text('name').primaryKey(), locationId: uuid('location_id').notNull() });
const accountsTable = pgTable('scope_accounts', { userId: uuid('user_id').primaryKey(), locations: uuid('locations').array().notNull() });

/** A reader in group azubi (under verkauf), at home in Köln, working in Bonn for now. */
function reader(permissions: Permission[], opts: { role?: string; user?: string; selected?: string } = {}): Actor {
  return {
    userId: opts.user ?? U.me,
    sessionId: 's',
    role: opts.role ?? 'Azubi',
    groupId: U.azubi,
    locationId: U.koeln,
    selectedLocationId: opts.selected ?? U.bonn,
    permissions: new Set(permissions),
    subordinateGroups: [],
    externalLogin: false,
  };
}

const DAY = 86_400_000;
const past = new Date(Date.now() - DAY);
const future = new Date(Date.now() + DAY);

const NEWS_ROWS = [
  { name: 'for everyone', createdBy: U.other, groups: [], locations: [], publishedFrom: past },
  { name: 'for Verkauf (the parent group)', createdBy: U.other, groups: [U.verkauf], locations: [], publishedFrom: past },
  { name: 'for Azubi in Bonn (the chosen location)', createdBy: U.other, groups: [U.azubi], locations: [U.bonn], publishedFrom: past },
  { name: 'for Köln (the home location)', createdBy: U.other, groups: [], locations: [U.koeln], publishedFrom: past },
  { name: 'for Lager', createdBy: U.other, groups: [U.lager], locations: [], publishedFrom: past },
  { name: 'for Verkauf in Hamburg', createdBy: U.other, groups: [U.verkauf], locations: [U.hamburg], publishedFrom: past },
  { name: 'own, for Lager', createdBy: U.me, groups: [U.lager], locations: [], publishedFrom: past },
  { name: 'scheduled, for everyone', createdBy: U.other, groups: [], locations: [], publishedFrom: future },
  { name: 'own, scheduled', createdBy: U.me, groups: [U.lager], locations: [], publishedFrom: future },
  { name: 'by a deleted person, for Lager', createdBy: null, groups: [U.lager], locations: [], publishedFrom: past },
];
const PUBLISHED_NEWS = NEWS_ROWS.filter((r) => r.publishedFrom === past).map((r) => r.name);
const READER_SEES = ['for everyone', 'for Verkauf (the parent group)', 'for Azubi in Bonn (the chosen location)', 'for Köln (the home location)', 'own, for Lager'];

const NEWS: ScopeRule = {
  all: 'neuigkeiten_alle_sehen',
  audience: { groupTree: groupsTable },
  self: true,
  withSelectedLocation: true,
  publishedFrom: { before: ['neuigkeiten_erstellen', 'neuigkeiten_bearbeiten'] },
};
const NEWS_COLUMNS: ScopeColumns = { userId: newsTable.createdBy, audience: { groups: newsTable.groups, locations: newsTable.locations }, publishedFrom: newsTable.publishedFrom };

// Folder hr is for Personal only; sales for Verkauf (and so for Azubi); open for everyone.
const FOLDERS = [
  { id: U.open, groups: [] },
  { id: U.sales, groups: [U.verkauf] },
  { id: U.hr, groups: [U.personal] },
];
const folderGroups = new Map(FOLDERS.map((f) => [f.id, f.groups]));
const DOCUMENT_ROWS = [
  { name: 'in the open folder', groups: [], path: [U.open] },
  { name: 'in the sales folder', groups: [], path: [U.sales] },
  { name: 'for Azubi in the sales folder', groups: [U.azubi], path: [U.sales] },
  { name: 'for Filialleitung in the open folder', groups: [U.filialleitung], path: [U.open] },
  { name: 'open, below the HR folder', groups: [], path: [U.hr, U.open] },
];
const DOCUMENTS: ScopeRule = { all: 'dokument_oder_ordner_alle_sehen', audience: { groupTree: groupsTable } };
const DOCUMENT_COLUMNS: ScopeColumns = { audience: { groups: documentsTable.groups, within: { ids: documentsTable.path, id: foldersTable.id, groups: foldersTable.groups } } };

const CLAIM_ROWS = [
  { name: 'in Köln', locationId: U.koeln },
  { name: 'in Bonn', locationId: U.bonn },
  { name: 'in Hamburg', locationId: U.hamburg },
];
const ACCOUNTS = [
  { userId: U.me, locations: [U.hamburg, U.koeln] },
  { userId: U.other, locations: [] },
];
const CLAIMS: ScopeRule = {
  all: ['beanstandungen_offene_alle_sehen', 'beanstandungen_abgeschlossene_und_nicht_gebuchte_alle_als_offene_sehen'],
  ownLocation: true,
  accountLocations: (a) =>
    sql`coalesce((select case when cardinality(${accountsTable.locations}) > 0 then ${accountsTable.locations} else array[${a.selectedLocationId}]::uuid[] end
      from ${accountsTable} where ${accountsTable.userId} = ${a.userId}), '{}'::uuid[])`,
};

const ADVERTISING: ScopeRule = { all: true, publishedFrom: { before: ['werbung_alle_sehen'] } };

/** A table of the test with its rows as `inScope` reads them. */
interface ScopedTable {
  from: PgTable;
  name: AnyPgColumn;
  cols: ScopeColumns;
  rows: { name: string; row: ScopedRow }[];
}
const table = <T extends { name: string }>(rows: T[], toRow: (r: T) => ScopedRow, from: PgTable & { name: AnyPgColumn }, cols: ScopeColumns): ScopedTable => ({
  from,
  name: from.name,
  cols,
  rows: rows.map((r) => ({ name: r.name, row: toRow(r) })),
});
const NEWS_TABLE = table(NEWS_ROWS, (r) => ({ userId: r.createdBy, audience: { groups: r.groups, locations: r.locations }, publishedFrom: r.publishedFrom }), newsTable, NEWS_COLUMNS);
// Advertising reads the published-from instant only: the news table serves.
const ADS_TABLE = table(NEWS_ROWS, (r) => ({ publishedFrom: r.publishedFrom }), newsTable, { publishedFrom: newsTable.publishedFrom });
const DOCUMENTS_TABLE = table(DOCUMENT_ROWS, (r) => ({ audience: { groups: r.groups, within: r.path.map((id) => folderGroups.get(id)!) } }), documentsTable, DOCUMENT_COLUMNS);
const CLAIMS_TABLE = table(CLAIM_ROWS, (r) => ({ locationId: r.locationId }), claimsTable, { locationId: claimsTable.locationId });

const AUDIENCE_CASES: { title: string; table: ScopedTable; rule: ScopeRule; actor: Actor; kind: Scope['kind']; sees: string[] }[] = [
  { title: 'news: the audience reaches the group, its parent group, home and chosen location; own items too', table: NEWS_TABLE, rule: NEWS, actor: reader([]), kind: 'audience', sees: READER_SEES },
  { title: 'news: without a location switch the chosen location is the home one', table: NEWS_TABLE, rule: NEWS, actor: reader([], { selected: U.koeln }), kind: 'audience', sees: READER_SEES.filter((n) => !n.includes('Bonn')) },
  { title: 'news: an editor sees scheduled items before their time', table: NEWS_TABLE, rule: NEWS, actor: reader(['neuigkeiten_bearbeiten']), kind: 'audience', sees: [...READER_SEES, 'scheduled, for everyone', 'own, scheduled'] },
  { title: 'news: "all" sees every published item, not the scheduled ones', table: NEWS_TABLE, rule: NEWS, actor: reader(['neuigkeiten_alle_sehen']), kind: 'everything', sees: PUBLISHED_NEWS },
  { title: 'news: Admin sees every item, scheduled too', table: NEWS_TABLE, rule: NEWS, actor: reader([], { role: 'Admin' }), kind: 'everything', sees: NEWS_ROWS.map((r) => r.name) },
  { title: 'documents: read groups admit the group and its sub-groups; a folder hides what lies inside it', table: DOCUMENTS_TABLE, rule: DOCUMENTS, actor: reader([]), kind: 'audience', sees: ['in the open folder', 'in the sales folder', 'for Azubi in the sales folder'] },
  { title: 'documents: "all" sees every document', table: DOCUMENTS_TABLE, rule: DOCUMENTS, actor: reader(['dokument_oder_ordner_alle_sehen']), kind: 'everything', sees: DOCUMENT_ROWS.map((r) => r.name) },
  { title: 'claims: the locations kept on the account', table: CLAIMS_TABLE, rule: CLAIMS, actor: reader([]), kind: 'accountLocations', sees: ['in Hamburg', 'in Köln'] },
  { title: 'claims: an account without a list sees the location it works at now', table: CLAIMS_TABLE, rule: CLAIMS, actor: reader([], { user: U.other }), kind: 'accountLocations', sees: ['in Bonn'] },
  { title: 'claims: a person without an account row sees nothing', table: CLAIMS_TABLE, rule: CLAIMS, actor: reader([], { user: U.lager }), kind: 'accountLocations', sees: [] },
  { title: 'claims: either "all" permission sees every location', table: CLAIMS_TABLE, rule: CLAIMS, actor: reader(['beanstandungen_abgeschlossene_und_nicht_gebuchte_alle_als_offene_sehen']), kind: 'everything', sees: CLAIM_ROWS.map((r) => r.name) },
  { title: 'advertising: published entries for everyone', table: ADS_TABLE, rule: ADVERTISING, actor: reader([]), kind: 'everything', sees: PUBLISHED_NEWS },
  { title: 'advertising: upcoming entries too with "werbung_alle_sehen"', table: ADS_TABLE, rule: ADVERTISING, actor: reader(['werbung_alle_sehen']), kind: 'everything', sees: NEWS_ROWS.map((r) => r.name) },
];

describe('scope: audiences, read groups, account locations and published-from, the same in SQL and for one row', () => {
  beforeAll(async () => {
    await database.db.execute(sql`create table scope_groups (id uuid primary key, parent_id uuid)`);
    await database.db.execute(sql`create table scope_news (name text primary key, created_by uuid, groups uuid[] not null, locations uuid[] not null, published_from timestamptz not null)`);
    await database.db.execute(sql`create table scope_folders (id uuid primary key, groups uuid[] not null)`);
    await database.db.execute(sql`create table scope_documents (name text primary key, groups uuid[] not null, path uuid[] not null)`);
    await database.db.execute(sql`create table scope_claims (name text primary key, location_id uuid not null)`);
    await database.db.execute(sql`create table scope_accounts (user_id uuid primary key, locations uuid[] not null)`);
    await database.db.insert(groupsTable).values([
      { id: U.verkauf, parentId: null },
      { id: U.azubi, parentId: U.verkauf },
      { id: U.lager, parentId: null },
      { id: U.filialleitung, parentId: null },
      { id: U.personal, parentId: null },
    ]);
    await database.db.insert(newsTable).values(NEWS_ROWS);
    await database.db.insert(foldersTable).values(FOLDERS);
    await database.db.insert(documentsTable).values(DOCUMENT_ROWS);
    await database.db.insert(claimsTable).values(CLAIM_ROWS);
    await database.db.insert(accountsTable).values(ACCOUNTS);
  });

  it.each(AUDIENCE_CASES)('$title', async ({ table: t, rule, actor: a, kind, sees }) => {
    const scope = scopeOf(a, rule);
    expect(scope.kind).toBe(kind);
    const listed = await database.db.select({ name: sql<string>`${t.name}` }).from(t.from).where(scopeWhere(scope, t.cols)).orderBy(asc(t.name));
    expect(listed.map((r) => r.name)).toEqual([...sees].sort());
    const resolved = await resolveScope(database.db, scope);
    expect(t.rows.filter((r) => inScope(resolved, r.row)).map((r) => r.name).sort()).toEqual([...sees].sort());
  });

  it('answers one row only once the SQL parts are read', async () => {
    const { row } = NEWS_TABLE.rows[0]!;
    expect(() => inScope(scopeOf(reader([]), NEWS), row)).toThrow(/resolveScope/);
    expect(inScope(await resolveScope(database.db, scopeOf(reader([]), NEWS)), row)).toBe(true);
  });

  it('refuses to build SQL for a published-from rule without its column', () => {
    expect(() => scopeWhere(scopeOf(reader([]), ADVERTISING), {})).toThrow(/publishedFrom/);
  });
});
