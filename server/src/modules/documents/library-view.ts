import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { formatDate, formatTime } from '../../platform/dates.ts';
import { can, type Actor } from '../../platform/access.ts';
import { userGroups } from '../teams/teams.table.ts';
import { libraryDocuments, libraryFolders } from './documents.table.ts';

/** Admin places documents anywhere; everyone else is bound by a folder's upload groups. */
export const ADMIN = 'Admin';

export const seesAll = (actor: Actor) => can(actor, 'dokument_oder_ordner_alle_sehen');

/** The person's group and its parent group: who a folder's or document's groups admit (spec 2 §4). */
export const groupsOf = (actor: Actor) =>
  sql`array(select g.id from ${userGroups} g where g.id = ${actor.groupId}
    union all select g.parent_id from ${userGroups} g where g.id = ${actor.groupId} and g.parent_id is not null)`;

/** Read or upload groups admit the person: none set, or the person's group or its parent among them. */
export const admits = (actor: Actor, teams: SQL | AnyPgColumn) => sql`(cardinality(${teams}) = 0 or ${teams} && ${groupsOf(actor)})`;

/**
 * A folder (given by its path) is visible when every folder on its path admits the person, or the
 * person sees everything: a folder hidden from someone hides what lies inside it.
 */
export function pathVisible(actor: Actor, path: SQL | AnyPgColumn): SQL {
  if (seesAll(actor)) return sql`true`;
  return sql`not exists (select 1 from ${libraryFolders} a where a.id = any(${path}) and not ${admits(actor, sql`a.teams`)})`;
}

/**
 * The ids of every folder the person sees, walked from the top (a folder hidden from someone
 * hides what lies inside it): for lists over many folders, where checking each one's path
 * would read the same folders again and again. Null when the person sees everything.
 */
export function visibleFolderIds(actor: Actor): SQL | null {
  if (seesAll(actor)) return null;
  return sql`(with recursive v(id) as (
      select a.id from ${libraryFolders} a where a.parent_id is null and ${admits(actor, sql`a.teams`)}
      union all
      select c.id from ${libraryFolders} c join v on c.parent_id = v.id where ${admits(actor, sql`c.teams`)})
    select id from v)`;
}

/** A document is visible in a visible folder when its own read groups admit the person too. */
export function documentVisible(actor: Actor, folderPath: SQL | AnyPgColumn, teams: SQL | AnyPgColumn): SQL {
  return seesAll(actor) ? sql`true` : sql`(${pathVisible(actor, folderPath)} and ${admits(actor, teams)})`;
}

/** Upload into a folder: its upload groups admit the person (Admin always). */
export const uploadAllowed = (actor: Actor, teamsUpload: SQL | AnyPgColumn): SQL => (actor.role === ADMIN ? sql`true` : admits(actor, teamsUpload));

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
    countItems: sql<number>`((select count(*) from ${libraryFolders} c where c.parent_id = ${f('id')} and ${seesAll(actor) ? sql`true` : admits(actor, sql`c.teams`)})
      + (select count(*) from ${libraryDocuments} d where d.folder_id = ${f('id')} and ${seesAll(actor) ? sql`true` : admits(actor, sql`d.teams`)}))::int`,
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
