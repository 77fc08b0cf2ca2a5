import { createHash } from 'node:crypto';
import { fillPlaceholders, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Actor } from './access.ts';
import type { Db } from './db.ts';

/**
 * A hot statement, built once per database handle and sent as a named prepared statement.
 * Building a Drizzle query costs more Node time than executing a small one, and a named
 * statement is parsed once per connection, so PostgreSQL also skips parsing it again (and, once
 * its plan is known to be stable, planning). Values go in through `sql.placeholder(name)`.
 *
 * Only for statements whose text never changes: one shape per name. A transaction is a handle of
 * its own and gets its own copy, which ends with it. Arguments after the handle (an app's hooks)
 * take part in the first build only, so they must give the same text every time.
 */
export function prepared<Q, A extends unknown[] = []>(build: (db: Db, ...rest: A) => Q): (db: Db, ...rest: A) => Q {
  const byHandle = new WeakMap<Db, Q>();
  return (db, ...rest) => {
    let query = byHandle.get(db);
    if (query === undefined) {
      query = build(db, ...rest);
      byHandle.set(db, query);
    }
    return query;
  };
}

/**
 * A statement with a few fixed shapes (a sort column and direction, a filter present or not):
 * one prepared statement per shape, built on first use and named `${name}_${shape}`. The shapes
 * must be a small closed set (never user text), since each one is kept for the life of the handle.
 */
export function preparedShapes<S extends string, Q>(build: (db: Db, shape: S, name: string) => Q, name: string): (db: Db, shape: S) => Q {
  const byHandle = new WeakMap<Db, Map<S, Q>>();
  return (db, shape) => {
    let shapes = byHandle.get(db);
    if (!shapes) byHandle.set(db, (shapes = new Map()));
    let query = shapes.get(shape);
    if (query === undefined) {
      query = build(db, shape, `${name}_${shape}`);
      shapes.set(shape, query);
    }
    return query;
  };
}

/**
 * A statement written in SQL and built to text (`PgDialect.sqlToQuery`), sent as a named prepared
 * statement named after its text: a long statement of few texts (one per kind of person, such as
 * the portal search's) is parsed and planned once per connection, not per request. Only for texts
 * from a small closed set: each stays prepared for the life of the connection. Not inside a
 * transaction (it takes the pool).
 */
export async function preparedTextRows<T>(db: Db, text: string, params: unknown[]): Promise<T[]> {
  const name = `q_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
  return (await poolOf(db).query({ name, text, values: params })).rows as T[];
}

/** The same, parsed for this request only: for texts of an open set (a client's choice of groups). */
export async function textRows<T>(db: Db, text: string, params: unknown[]): Promise<T[]> {
  return (await poolOf(db).query({ text, values: params })).rows as T[];
}

const dialect = new PgDialect();

/**
 * A built Drizzle query (its values as placeholders) as a named prepared statement named after its
 * text. Kept per person and shape (`builtPerActor`), a list is built once and then only executed:
 * neither Node builds its SQL nor the database parses and plans it per request. The statement's
 * name follows its text, so people with the same scope share one per connection. Only for texts
 * of a small closed set: each stays prepared for the life of the connection.
 */
export function named<Q extends { toSQL(): { sql: string }; prepare(name: string): unknown }>(query: Q): ReturnType<Q['prepare']> {
  const name = `s_${createHash('sha256').update(query.toSQL().sql).digest('base64url').slice(0, 24)}`;
  return query.prepare(name) as ReturnType<Q['prepare']>;
}

/**
 * A statement written as a Drizzle `sql` template over named values, whose text does not depend
 * on them: it is built to text once (the values as placeholders) and sent as a named prepared
 * statement, so neither Node nor the database builds, parses or plans it per call. Inside a
 * transaction (which has a connection of its own) it is built with the values and sent as usual.
 */
export function preparedSql<K extends string, T>(keys: readonly K[], build: (v: Record<K, Placeholder | unknown>) => SQL): (db: Db, values: Record<K, unknown>) => Promise<T[]> {
  let built: { sql: string; params: unknown[] } | null = null;
  return async (db, values) => {
    if (isTransaction(db)) return ((await db.execute(build(values))) as unknown as { rows: T[] }).rows;
    built ??= dialect.sqlToQuery(build(Object.fromEntries(keys.map((k) => [k, sql.placeholder(k)])) as unknown as Record<K, Placeholder>));
    return preparedTextRows<T>(db, built.sql, fillPlaceholders(built.params, values));
  };
}

/** Whether a handle is a transaction: a statement prepared on it ends with it and must not be kept. */
export const isTransaction = (db: Db) => (db as unknown) instanceof PgTransaction;

const poolOf = (db: Db) => (db as unknown as { $client: pg.Pool }).$client;

/**
 * Statements built once per cached person and shape (a search's, with the person's rights in its
 * text): `make` runs on the first use of a key. A change of rights replaces the cached person
 * (platform/actor-cache.ts), and with it what was built for them. Keys that carry a day replace
 * the previous day's: at `maxKeys` a person's entries start over.
 */
export function builtPerActor<T>(maxKeys = 16): (actor: Actor, key: string, make: () => T) => T {
  const byActor = new WeakMap<Actor, Map<string, T>>();
  return (actor, key, make) => {
    let mine = byActor.get(actor);
    const found = mine?.get(key);
    if (found !== undefined) return found;
    const built = make();
    if (!mine) byActor.set(actor, (mine = new Map()));
    if (mine.size >= maxKeys) mine.clear();
    mine.set(key, built);
    return built;
  };
}
