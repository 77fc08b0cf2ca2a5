/**
 * The PGlite side of backup and restore. The directory is opened here directly, not through the
 * server's database thread and without migrations: a backup copies the database as it is, and a
 * restored one is migrated by the next start like any other. A PGlite directory may be open in
 * one process only, so both hold its lock (see db.ts) from start to end and refuse to run while
 * a server has it.
 */
import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { BackupError, countTables, type DumpInfo, type TableCounts } from './backup-tables.ts';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './db.ts';

const extensions = { pg_trgm, btree_gist };

export const hasPglite = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));

/** Takes the directory's lock; while a server holds it, a German refusal naming its process. */
export function lockPglite(dir: string, work: 'Sicherung' | 'Wiederherstellung'): () => void {
  try {
    return lockDataDir(dir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    throw new BackupError(
      `Die eingebettete Datenbank in ${dir} ist geöffnet (Prozess ${err.pid}, vermutlich der laufende Server). ` +
        `PGlite lässt nur einen Prozess zu: für die ${work} den Server stoppen und den Befehl wiederholen. ` +
        `Sicherungen im laufenden Betrieb gehen mit PostgreSQL (DATABASE_URL).`,
    );
  }
}

async function open(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  try {
    return await PGlite.create(dir, { extensions, ...(loadDataDir ? { loadDataDir } : {}) });
  } catch (err) {
    throw new BackupError(`Die eingebettete Datenbank in ${dir} lässt sich nicht öffnen: ${(err as Error).message}`);
  }
}

const query = (db: PGlite) => async (text: string) => (await db.query<Record<string, unknown>>(text)).rows;

async function withPglite<T>(dir: string, work: (db: PGlite) => Promise<T>, loadDataDir?: Blob): Promise<T> {
  const db = await open(dir, loadDataDir);
  try {
    return await work(db);
  } finally {
    await db.close().catch(() => undefined);
  }
}

/**
 * PGlite's own copy of its directory, a tarball. The CHECKPOINT before it writes every change
 * into the data files, so the copy opens without recovery; nothing else writes meanwhile, since
 * this process holds the lock and PGlite runs one statement at a time. Compressed here at the
 * fastest level: the directory is mostly zeros (WAL segments, free pages), which that level
 * shrinks as well as the default, in a fifth of the time.
 */
export async function dumpPglite(dir: string, file: string): Promise<DumpInfo> {
  if (!hasPglite(dir)) throw new BackupError(`In ${dir} liegt keine eingebettete Datenbank (DATA_DIR prüfen).`);
  return withPglite(dir, async (db) => {
    const tables = await countTables(query(db));
    const [row] = await query(db)(`select current_setting('server_version') as version`);
    await db.exec('CHECKPOINT');
    const tarball = await db.dumpDataDir('none');
    await pipeline(Readable.fromWeb(tarball.stream() as never), createGzip({ level: 1 }), fs.createWriteStream(file, { flags: 'wx' }));
    return { tables, serverVersion: String(row!.version).split(' ')[0]! };
  });
}

export const countPglite = (dir: string): Promise<TableCounts> => withPglite(dir, (db) => countTables(query(db)));

/**
 * Unpacks a tarball of dumpPglite into `dir`, replacing what is there, and counts the rows of
 * what PGlite opened from it. It is unpacked and opened beside the directory first and swapped
 * in only once PGlite took it, so a failure leaves the old database untouched. The caller holds
 * the lock of `dir`; the tarball brings the lock file of the process that made the backup, which
 * ours replaces before the swap.
 */
export async function restorePglite(dir: string, file: string): Promise<TableCounts> {
  const fresh = `${dir}.restore-${process.pid}`;
  const old = `${dir}.replaced-${process.pid}`;
  fs.rmSync(fresh, { recursive: true, force: true });
  let counts: TableCounts;
  try {
    const tarball = new File([await readFile(file)], 'pgdata.tar.gz', { type: 'application/x-gzip' });
    counts = await withPglite(
      fresh,
      async (db) => {
        const tables = await countTables(query(db));
        await db.exec('CHECKPOINT');
        return tables;
      },
      tarball,
    );
    fs.rmSync(path.join(fresh, LOCK_FILE), { force: true });
    lockDataDir(fresh);
  } catch (err) {
    fs.rmSync(fresh, { recursive: true, force: true });
    throw err;
  }
  if (fs.existsSync(dir)) fs.renameSync(dir, old);
  fs.renameSync(fresh, dir);
  fs.rmSync(old, { recursive: true, force: true });
  return counts;
}
