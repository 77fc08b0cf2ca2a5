/** Pieces that the PostgreSQL and the PGlite side of backup and restore share. */

/** A failure to tell the operator in German, without a stack trace. */
export class BackupError extends Error {}

/** Rows per table, keyed `table` for the schema public and `schema.table` otherwise. */
export type TableCounts = Record<string, number>;

/** What the database side of a backup reports besides the dump file. */
export interface DumpInfo {
  tables: TableCounts;
  /** e.g. '15.20', or the PostgreSQL version inside PGlite. */
  serverVersion: string;
}

/** A statement's rows, from node-postgres or PGlite alike. */
export type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** The migrations table of drizzle-orm, whose row count is the schema version of a database. */
export const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Counts the rows of every table of the app (schemas public and drizzle) in one statement, so
 * that inside a transaction they all come from the same snapshot as the dump beside them.
 * Partitions are counted through their parent.
 */
export async function countTables(query: Query): Promise<TableCounts> {
  const tables = await query(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition and n.nspname in ('public', 'drizzle') order by 1, 2`,
  );
  if (!tables.length) return {};
  const parts = tables.map((t, i) => `select ${i} as i, count(*)::text as n from ${ident(String(t.schema))}.${ident(String(t.name))}`);
  const rows = await query(parts.join(' union all '));
  const counts: TableCounts = {};
  const byIndex = new Map(rows.map((r) => [Number(r.i), Number(r.n)]));
  tables.forEach((t, i) => {
    counts[t.schema === 'public' ? String(t.name) : `${String(t.schema)}.${String(t.name)}`] = byIndex.get(i) ?? 0;
  });
  return counts;
}

/** Rows in the app's own tables; the migrations table alone does not make a database hold data. */
export const dataRows = (counts: TableCounts) => Object.entries(counts).reduce((sum, [name, n]) => (name === MIGRATIONS_TABLE ? sum : sum + n), 0);
