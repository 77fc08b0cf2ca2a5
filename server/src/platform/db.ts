import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { LOCK } from './locks.ts';
import { startPgliteThread, type PgliteThread } from './pglite-thread.ts';

/**
 * The database handle every service takes: node-postgres on PostgreSQL and on PGlite alike, and a
 * transaction is one too, so a service joins its caller's transaction by taking it as `db`. It
 * carries no schema: services query through the tables they import (no `db.query`), and the
 * platform knows no module's tables (db/schema.ts collects them for drizzle-kit).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** False while the database cannot answer (PGlite: its thread is being restarted). */
  available(): boolean;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

/** Opens PostgreSQL over a pool (production, scale-out) and applies the migrations. */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection that the server drops (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (err) => console.error('PostgreSQL connection lost:', err.message));
  const db = drizzlePg(pool) as unknown as Db;
  const database: Database = { db, kind: 'postgres', available: () => true, close: () => pool.end() };
  await withStartupLock(database, () => migratePg(db as never, { migrationsFolder }));
  return database;
}

/**
 * Runs start-up work (migrations, seeding) under a PostgreSQL advisory lock, so several app
 * instances starting at once against one database do it one after the other.
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres') return work();
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [LOCK.startup]);
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [LOCK.startup]).catch(() => undefined);
    client.release();
  }
}

/**
 * Connections to the database thread. More than one lets the database go from one query to the
 * next without waiting for this thread; a few suffice (docs/decisions/pglite-verbindungen.md).
 */
const PGLITE_CONNECTIONS = 4;

/**
 * Opens the embedded PGlite database, in `dir` or in memory when dir is null (empty, or as the
 * dumped data directory `opts.load` holds), and applies the migrations. PGlite runs in a thread
 * of its own (pglite-thread.ts), so a long query does not hold up the thread that accepts and
 * answers HTTP requests; the server reaches it through node-postgres like a PostgreSQL server,
 * over a few connections that share its one session, and the same driver code serves both. A
 * lock file with our pid guards the directory: PGlite is single-process and a second process
 * writing the same files would corrupt them.
 */
export async function openPglite(dir: string | null, opts: { load?: string; maintenance?: { firstMs: number; everyMs: number } } = {}): Promise<Database & { thread: PgliteThread }> {
  let lockFile: string | null = null;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    lockFile = path.join(dir, LOCK_FILE);
    acquireLock(lockFile);
  }
  try {
    const thread = await startPgliteThread(dir, opts.load ?? null, opts.maintenance);
    // PGlite has one session, which the thread shares among these connections (pglite-worker.ts):
    // while one query runs, the next ones already wait there. Kept open.
    const pool = new pg.Pool({ max: PGLITE_CONNECTIONS, idleTimeoutMillis: 0, user: 'postgres', database: 'postgres', stream: () => thread.connect() });
    // A connection that the thread drops (it died) must not crash the process; the thread
    // reports the crash itself and the pool opens a new connection on the next query.
    pool.on('error', () => undefined);
    // The same for a connection in use (a transaction's): its query fails, nothing else.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool) as unknown as Db;
    const migrate = () => migratePg(db as never, { migrationsFolder });
    try {
      await migrate();
    } catch (err) {
      await pool.end().catch(() => undefined);
      await thread.close();
      throw err;
    }
    // A database in memory comes back empty from a crash; on disk this finds nothing to do.
    thread.onRestart = migrate;
    return {
      db,
      kind: 'pglite',
      available: thread.available,
      thread,
      async close() {
        await pool.end().catch(() => undefined);
        // The thread writes a CHECKPOINT, so the next start needs no recovery, and closes PGlite.
        await thread.close();
        if (lockFile) releaseLock(lockFile);
      },
    };
  } catch (err) {
    if (lockFile) releaseLock(lockFile);
    throw err;
  }
}

export const LOCK_FILE = 'filialportal.lock';

/**
 * Takes the lock of a PGlite directory for work beside the server (backup, restore): neither
 * runs while a server has the directory open, and no server starts meanwhile. Returns the release.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, LOCK_FILE);
  acquireLock(lockFile);
  return () => releaseLock(lockFile);
}

export class DataDirLockedError extends Error {
  constructor(
    public lockFile: string,
    public pid: number,
  ) {
    super(`Das Datenverzeichnis wird bereits von Prozess ${pid} verwendet (${lockFile}).`);
  }
}

/**
 * The lock file holds the owner's pid and, on Linux, its start time: a process that was given
 * the dead owner's pid later (common in containers) has another start time, so the lock is
 * recognised as stale instead of blocking the start.
 */
const lockContent = () => `${process.pid}\n${startTimeOf(process.pid) ?? ''}\n`;
const lockOwner = (content: string) => {
  const [pid, started] = content.split('\n');
  return { pid: Number(pid), started: started?.trim() || null };
};

function acquireLock(lockFile: string) {
  try {
    fs.writeFileSync(lockFile, lockContent(), { flag: 'wx' });
    return;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const owner = lockOwner(fs.readFileSync(lockFile, 'utf8'));
  const sameProcess = (pid: number) => owner.started === null || startTimeOf(pid) === null || startTimeOf(pid) === owner.started;
  if (owner.pid && owner.pid !== process.pid && isAlive(owner.pid) && sameProcess(owner.pid)) throw new DataDirLockedError(lockFile, owner.pid);
  // A stale lock from a process that died: take it over.
  fs.writeFileSync(lockFile, lockContent());
}

function releaseLock(lockFile: string) {
  try {
    if (lockOwner(fs.readFileSync(lockFile, 'utf8')).pid === process.pid) fs.unlinkSync(lockFile);
  } catch {
    /* already gone */
  }
}

/** A process's start time in clock ticks since boot (Linux /proc), or null where unknown. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name in parentheses; starttime is field 22 of the whole line.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
