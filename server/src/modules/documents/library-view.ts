import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { formatDate, formatTime } from '../../platform/dates.ts';
import type { Actor } from '../../platform/access.ts';
import { scopeOf, scopeWhere, type ScopeRule } from '../../platform/scope.ts';
import { userGroups } from '../teams/index.ts';
import { libraryDocuments, libraryFolders } from './documents.table.ts';

/** Admin places documents anywhere; everyone else is bound by a folder's upload groups. */
export const ADMIN = 'Admin';

/**
 * Who sees which folders and documents (spec 2 §4): with dokument_oder_ordner_alle_sehen
 * everything; otherwise what the read groups admit (none set, or the person's group or its parent
 * among them). A folder hidden from someone hides what lies inside it, so every folder on the
 * path must admit the person; a document's own read groups must too.
 */
const READ_SCOPE: ScopeRule = { all: 'dokument_oder_ordner_alle_sehen', audience: { groupTree: userGroups } };
/** Upload groups admit the same way as read groups (Admin places documents anywhere). */
const UPLOAD_SCOPE: ScopeRule = { audience: { groupTree: userGroups } };

/** The folders of a path (uuid array), each of which must admit the person. */
const along = (path: SQL | AnyPgColumn) => ({ ids: path, id: libraryFolders.id, groups: libraryFolders.teams });
const orTrue = (where: SQL | undefined) => where ?? sql`true`;

/** A folder, given by its path, that the person sees. */
export const pathVisible = (actor: Actor, path: SQL | AnyPgColumn): SQL => orTrue(scopeWhere(scopeOf(actor, READ_SCOPE), { audience: { within: along(path) } }));

/** A document, given by its folder's path and its read groups, that the person sees. */
export const documentVisible = (actor: Actor, folderPath: SQL | AnyPgColumn, teams: SQL | AnyPgColumn): SQL =>
  orTrue(scopeWhere(scopeOf(actor, READ_SCOPE), { audience: { groups: teams, within: along(folderPath) } }));

/** An item (sub-folder or document) of a folder the person sees: only its own read groups still count. */
export const itemVisible = (actor: Actor, teams: SQL | AnyPgColumn): SQL => orTrue(scopeWhere(scopeOf(actor, READ_SCOPE), { audience: { groups: teams } }));

/**
 * The ids of every folder the person sees, the same rule walked from the top: for lists over many
 * folders, where checking each one's path would read the same folders again and again. Null when
 * the person sees everything.
 */
export function visibleFolderIds(actor: Actor): SQL | null {
  if (scopeOf(actor, READ_SCOPE).kind === 'everything') return null;
  return sql`(with recursive v(id) as (
      select a.id from ${libraryFolders} a where a.parent_id is null and ${itemVisible(actor, sql`a.teams`)}
      union all
      select c.id from ${libraryFolders} c join v on c.parent_id = v.id where ${itemVisible(actor, sql`c.teams`)})
    select id from v)`;
}

/** Upload into a folder: its upload groups admit the person (Admin always). */
export const uploadAllowed = (actor: Actor, teamsUpload: SQL | AnyPgColumn): SQL =>
  actor.role === ADMIN ? sql`true` : orTrue(scopeWhere(scopeOf(actor, UPLOAD_SCOPE), { audience: { groups: teamsUpload } }));

/** The breadcrumb of a folder path: its folders from the top, as [id, name] pairs. */
export const breadCrumbOf = (path: SQL | AnyPgColumn) =>
  sql<[string, string][]>`(select coalesce(json_agg(json_build_array(a.id, a.name) order by array_position(${path}, a.id)), '[]'::json) from ${libraryFolders} a where a.id = any(${path}))`;

/** The columns of a folder as lists show it, `f` being the folder's alias. */
export function folderColumns(actor: Actor) {
  const f = (column: string) => sql.raw(`f.${column}`);
  return {
    id: sql<string>`${f('id')}`,
    name: sql<string>`${f('name')}`,
    parent: sql<string | null>`${f('parent_id')}`,
    teams: sql<string[]>`${f('teams')}`,
    teamsUpload: sql<string[]>`${f('teams_upload')}`,
    shortLink: sql<string | null>`${f('short_link')}`,
    depth: sql<number>`cardinality(${f('path')})`,
    breadCrumb: breadCrumbOf(f('path')),
    mayUpload: sql<boolean>`${uploadAllowed(actor, f('teams_upload'))}`,
    // What the person sees inside: the folder itself is visible, so only the items' own groups count.
    countItems: sql<number>`((select count(*) from ${libraryFolders} c where c.parent_id = ${f('id')} and ${itemVisible(actor, sql`c.teams`)})
      + (select count(*) from ${libraryDocuments} d where d.folder_id = ${f('id')} and ${itemVisible(actor, sql`d.teams`)}))::int`,
  };
}

type FolderRow = { [K in keyof ReturnType<typeof folderColumns>]: ReturnType<typeof folderColumns>[K] extends SQL<infer T> ? T : never };

export function toFolder(r: FolderRow) {
  return { ...r, breadCrumb: r.breadCrumb.map(([id, name]) => ({ id, name })), countItems: Number(r.countItems), depth: Number(r.depth) };
}

const stamp = (d: Date | string) => {
  const at = typeof d === 'string' ? new Date(d) : d;
  return `${formatDate(at)} ${formatTime(at)}`;
};

/** The columns of a document, `d` being its alias. */
export const documentColumns = {
  id: sql<string>`d.id`,
  name: sql<string>`d.name`,
  type: sql<'pdf' | 'docx' | 'xlsx'>`d.type`,
  size: sql<number>`d.size`,
  parent: sql<string>`d.folder_id`,
  teams: sql<string[]>`d.teams`,
  shortLink: sql<string | null>`d.short_link`,
  createdBy: sql<string>`d.created_by_name`,
  createdAt: sql<string>`d.created_at`,
  updatedAt: sql<string>`d.updated_at`,
};

type DocumentRow = { [K in keyof typeof documentColumns]: (typeof documentColumns)[K] extends SQL<infer T> ? T : never };

export function toDocument(r: DocumentRow) {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    size: Number(r.size),
    parent: r.parent,
    teams: r.teams,
    shortLink: r.shortLink,
    resourceUri: `/api/download/${r.id}`,
    createdBy: r.createdBy,
    createdAtFormated: stamp(r.createdAt),
    updatedAtFormated: stamp(r.updatedAt),
  };
}
