import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { FOLDER_LEVEL_MAX, FOLDER_MATCHES_MAX, type FolderChoice } from '@filialportal/core/documents';
import { MSG } from '@filialportal/core/messages';
import type { Actor } from '../../platform/access.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { likeTerm } from '../../platform/paging.ts';
import { builtPerActor, preparedTextRows } from '../../platform/prepared.ts';
import { libraryFolders } from './documents.table.ts';
import { breadCrumbOf, itemVisible, pathVisible, uploadAllowed, visibleFolderIds } from './library-view.ts';

/** GET /folder/listall: every folder the person sees, in tree order (the spec's list for choosing a target). */
export async function allFolders({ db }: ServiceDeps<'db'>, actor: Actor) {
  const visible = visibleFolderIds(actor);
  const rows = await db
    .select({ id: sql<string>`f.id`, name: sql<string>`f.name`, parent: sql<string | null>`f.parent_id`, depth: sql<number>`cardinality(f.path)`, mayUpload: sql<boolean>`${uploadAllowed(actor, sql`f.teams_upload`)}` })
    .from(sql`${libraryFolders} f`)
    .where(visible ? sql`f.id in ${visible}` : undefined);
  return { folders: treeOrder(rows.map((r) => ({ ...r, depth: Number(r.depth) }))) };
}

/** German name order, built once: a collator per comparison would hold the event loop on big trees. */
const byName = new Intl.Collator('de', { sensitivity: 'base' });

/** Folders in tree order: each folder followed by its sub-folders, siblings by name. */
function treeOrder<T extends { id: string; name: string; parent: string | null }>(rows: T[]): T[] {
  const children = new Map<string | null, T[]>();
  for (const r of rows) {
    const siblings = children.get(r.parent);
    if (siblings) siblings.push(r);
    else children.set(r.parent, [r]);
  }
  const out: T[] = [];
  const walk = (parent: string | null) => {
    for (const r of (children.get(parent) ?? []).sort((a, b) => byName.compare(a.name, b.name))) {
      out.push(r);
      walk(r.id);
    }
  };
  walk(null);
  return out;
}

type Shape = 'top' | 'parent' | 'open' | 'term';
type Row = Omit<FolderChoice, 'breadCrumb'> & { breadCrumb?: [string, string][]; rn: number };

const dialect = new PgDialect();
const literal = (n: number) => sql.raw(String(n));
const VALUE = sql.placeholder('value');

/** A folder as the picker shows it, `f` being its alias; `rn` numbers it within its level. */
const choiceColumns = (actor: Actor) => sql`f.id, f.name, f.parent_id as parent, cardinality(f.path) as depth,
  ${uploadAllowed(actor, sql`f.teams_upload`)} as "mayUpload",
  exists (select 1 from ${libraryFolders} c where c.parent_id = f.id and ${itemVisible(actor, sql`c.teams`)}) as "hasChildren",
  row_number() over (order by lower(f.name), f.id)::int as rn`;

/**
 * One level below `parent` (a folder the person sees, so only the sub-folders' own read groups
 * count), one more than the picker shows, so it knows there are more. The index on (parent_id,
 * teams) answers it and the sub-folder check.
 */
const level = (actor: Actor, parent: SQL) => sql`(select ${choiceColumns(actor)} from ${libraryFolders} f
  where ${parent} and ${itemVisible(actor, sql`f.teams`)} order by lower(f.name), f.id limit ${literal(FOLDER_LEVEL_MAX + 1)})`;

/** The chosen folder, when the person sees it (every folder on its path admits them). */
const chosen = (actor: Actor) => sql`p as (select p.path from ${libraryFolders} p where p.id = ${VALUE}::uuid and ${pathVisible(actor, sql`p.path`)})`;

/**
 * The statement of one shape, with the person's groups in its text. A chosen folder the person
 * does not see yields no row at all (404); one without sub-folders one row of nulls.
 */
function shapeSql(actor: Actor, shape: Shape): SQL {
  switch (shape) {
    case 'top':
      return level(actor, sql`f.parent_id is null`);
    case 'parent':
      return sql`with ${chosen(actor)} select l.* from p left join lateral ${level(actor, sql`f.parent_id = ${VALUE}::uuid`)} l on true`;
    case 'open':
      // The top level and the sub-folders of every folder on the path, the chosen one's included.
      return sql`with ${chosen(actor)} select l.* from p left join lateral (${level(actor, sql`f.parent_id is null`)}
        union all select s.* from unnest(p.path) as a(id) cross join lateral ${level(actor, sql`f.parent_id = a.id`)} s) l on true`;
    case 'term':
      // The trigram index finds the names; each match's path is checked as it is read.
      return sql`select ${choiceColumns(actor)}, ${breadCrumbOf(sql`f.path`)} as "breadCrumb" from ${libraryFolders} f
        where lower(f.name) like ${VALUE}::text and ${pathVisible(actor, sql`f.path`)} order by lower(f.name), f.id limit ${literal(FOLDER_MATCHES_MAX + 1)}`;
  }
}

const statements = builtPerActor<{ sql: string; params: unknown[] }>();

/** The query of GET /folder/tree: at most one of them (the schema checks it). */
export type FolderTreeQuery = { parent?: string; open?: string; term?: string };

/**
 * GET /folder/tree: the picker's folders, a level at a time as they are opened (first the top),
 * or by name. A statement per person and shape, prepared once per connection: the picker opens
 * often and its levels are small.
 */
export async function folderTree({ db }: ServiceDeps<'db'>, actor: Actor, q: FolderTreeQuery) {
  const [shape, value]: [Shape, unknown] =
    q.term !== undefined ? ['term', likeTerm(q.term.toLowerCase())] : q.open !== undefined ? ['open', q.open] : q.parent !== undefined ? ['parent', q.parent] : ['top', null];
  const built = statements(actor, shape, () => dialect.sqlToQuery(shapeSql(actor, shape)));
  const rows = await preparedTextRows<Row>(db, built.sql, fillPlaceholders(built.params, { value }));
  if (rows.length === 0 && (shape === 'parent' || shape === 'open')) throw notFound(MSG.folderUnknown);
  const max = shape === 'term' ? FOLDER_MATCHES_MAX : FOLDER_LEVEL_MAX;
  const folders: FolderChoice[] = [];
  let more = false;
  for (const { rn, breadCrumb, ...r } of rows) {
    if (r.id === null) continue;
    if (rn > max) more = true;
    else folders.push({ ...r, depth: Number(r.depth), ...(breadCrumb && { breadCrumb: breadCrumb.map(([id, name]) => ({ id, name })) }) });
  }
  return { folders, more };
}
