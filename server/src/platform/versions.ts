import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './db.ts';

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

/** Reads a version (`dataVersion` or any text expression) from the database. */
export async function readVersion(db: Db, version: SQL<string>): Promise<string> {
  const result = await db.execute(sql`select ${version} as "v"`);
  return String((result as unknown as { rows: { v: string }[] }).rows[0]!.v);
}

/**
 * Answers kept per database handle and key for as long as their data's version holds: built once
 * per version, however many requests arrive while the build runs; a failed build is not kept.
 * Keys must be a small closed set (never user text).
 */
export function keptPerVersion<T>(): (db: Db, key: string, version: string, build: () => Promise<T>) => Promise<T> {
  const byHandle = new WeakMap<Db, Map<string, { version: string; value: Promise<T> }>>();
  return (db, key, version, build) => {
    let byKey = byHandle.get(db);
    if (!byKey) byHandle.set(db, (byKey = new Map()));
    const hit = byKey.get(key);
    if (hit?.version === version) return hit.value;
    const value = build();
    byKey.set(key, { version, value });
    value.catch(() => {
      if (byKey.get(key)?.value === value) byKey.delete(key);
    });
    return value;
  };
}
