import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

type Versioned = PgTable & { updatedAt: PgColumn };

/**
 * The version of what some tables hold: per table the newest change and the number of rows (a
 * deletion lowers it). Cheap with an index on updated_at, and read from the database on each
 * use, so every instance sees another one's change at once. Keys caches of rare, large answers.
 */
export function dataVersion(...tables: Versioned[]): SQL<string> {
  const parts = tables.map((t) => sql`(select concat_ws(':', max(${t.updatedAt}), count(*)) from ${t})`);
  return sql<string>`concat_ws('/', ${sql.join(parts, sql`, `)})`;
}
