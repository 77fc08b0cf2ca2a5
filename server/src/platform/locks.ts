import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './db.ts';

/**
 * Keys of the PostgreSQL advisory locks, in one place so that two kinds of work never share a
 * key by accident. Work that one row can stand for locks that row (`for update`) instead.
 */
export const LOCK = {
  /** Migrations and seeding at start-up (held by a session, see db.ts). */
  startup: 727001,
  /** Creating, moving and deleting document folders: a move rewrites the paths of a sub-tree. */
  folderTree: 727002,
  /** Importing school vacations: replacing the entries of a file is delete-then-insert. */
  schoolVacations: 727003,
} as const;

/**
 * Waits for the lock and holds it until `tx` commits or rolls back, so the work is serialised
 * across every instance on the database, and no crash can leave the lock behind. Outside a
 * transaction the lock would end with its own statement: refused.
 */
export async function lockUntilCommit(tx: Db, key: (typeof LOCK)[keyof typeof LOCK]) {
  if (!(tx instanceof PgTransaction)) throw new Error('lockUntilCommit needs a transaction');
  await tx.execute(sql`select pg_advisory_xact_lock(${key}::bigint)`);
}
