import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../db/schema.ts';

export type Schema = typeof schema;
/**
 * The database handle every service takes: the same API on PGlite and node-postgres, and a
 * transaction is one too, so a service joins its caller's transaction by taking it as `db`.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Independent queries at once on the pool, but one after another inside a transaction: a
 * transaction is one connection, which takes one query at a time (node-postgres deprecates
 * queueing them). Drizzle queries start when awaited, so passing them unstarted is enough.
 */
export async function together<const Q extends readonly PromiseLike<unknown>[]>(db: Db, queries: Q): Promise<{ -readonly [K in keyof Q]: Awaited<Q[K]> }> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(queries)) as never;
  const results: unknown[] = [];
  for (const q of queries) results.push(await q);
  return results as never;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

/** Opens PostgreSQL over a pool (production, scale-out) and applies the migrations. */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection that the server drops (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (err) => console.error('PostgreSQL connection lost:', err.message));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await withStartupLock({ db, kind: 'postgres', close: async () => undefined }, () => migratePg(db as never, { migrationsFolder }));
  return { db, kind: 'postgres', close: () => pool.end() };
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
    await client.query('select pg_advisory_lock(727001)');
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock(727001)').catch(() => undefined);
    client.release();
  }
}

/**
 * Opens the embedded PGlite database, in `dir` or in memory when dir is null, and applies the
 * migrations. A lock file with our pid guards the directory: PGlite is single-process and a
 * second process writing the same files would corrupt them.
 */
export async function openPglite(dir: string | null): Promise<Database> {
  let lockFile: string | null = null;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    lockFile = path.join(dir, 'filialportal.lock');
    acquireLock(lockFile);
  }
  try {
    const client = await PGlite.create(dir ?? undefined, { extensions: { pg_trgm, btree_gist } });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    const stopMaintenance = scheduleMaintenance(client);
    return {
      db,
      kind: 'pglite',
      async close() {
        stopMaintenance();
        // CHECKPOINT writes everything to the data files so the next start needs no recovery.
        await client.exec('CHECKPOINT').catch(() => undefined);
        await client.close();
        if (lockFile) releaseLock(lockFile);
      },
    };
  } catch (err) {
    if (lockFile) releaseLock(lockFile);
    throw err;
  }
}

/**
 * PGlite runs PostgreSQL as a single process without the autovacuum workers: nobody would
 * reclaim dead rows (every session touch leaves one) or refresh the planner's statistics. A
 * VACUUM ANALYZE ten minutes after start and then every six hours does their job; it takes
 * seconds on a company-sized database and queries wait for it meanwhile.
 */
const MAINTENANCE_EVERY_MS = 6 * 60 * 60 * 1000;
function scheduleMaintenance(client: PGlite): () => void {
  const run = () => void client.exec('VACUUM ANALYZE').catch((err) => console.error('VACUUM ANALYZE fehlgeschlagen:', (err as Error).message));
  const first = setTimeout(run, 10 * 60_000).unref();
  const every = setInterval(run, MAINTENANCE_EVERY_MS).unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
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
