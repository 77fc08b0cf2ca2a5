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
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
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
 * PGlite's own copy of its directory, a tarball, and beside it (`portableFile`) a plain SQL dump
 * of pg_dump, which PostgreSQL loads as well (the move to PostgreSQL, restore in backup.ts). The
 * CHECKPOINT before the tarball writes every change into the data files, so the copy opens
 * without recovery; nothing else writes meanwhile, since this process holds the lock and PGlite
 * runs one statement at a time: both come from the same state. The tarball is compressed at the
 * fastest level: the directory is mostly zeros (WAL segments, free pages), which that level
 * shrinks as well as the default, in a fifth of the time.
 */
export async function dumpPglite(dir: string, file: string, portableFile: string): Promise<DumpInfo> {
  if (!hasPglite(dir)) throw new BackupError(`In ${dir} liegt keine eingebettete Datenbank (DATA_DIR prüfen).`);
  return withPglite(dir, async (db) => {
    const tables = await countTables(query(db));
    const [row] = await query(db)(`select current_setting('server_version') as version`);
    await db.exec('CHECKPOINT');
    const tarball = await db.dumpDataDir('none');
    await pipeline(Readable.fromWeb(tarball.stream() as never), createGzip({ level: 1 }), fs.createWriteStream(file, { flags: 'wx' }));
    // Without owners and grants: the roles of PGlite need not exist on the PostgreSQL it moves to.
    // pg_dump inside PGlite writes INSERT statements and holds the dump in memory until it is done
    // (a database of the embedded kind's size).
    const sql = await pgDump({ pg: db, args: ['--no-owner', '--no-privileges'] });
    await pipeline(Readable.fromWeb(sql.stream() as never), fs.createWriteStream(portableFile, { flags: 'wx' }));
    return { tables, serverVersion: String(row!.version).split(' ')[0]! };
  });
}

export const countPglite = (dir: string): Promise<TableCounts> => withPglite(dir, (db) => countTables(query(db)));

/**
 * Fills a new directory beside `dir` and swaps it in only once PGlite opened and counted it, so a
 * failure leaves the old database untouched. The caller holds the lock of `dir`; a tarball brings
 * the lock file of the process that made the backup, which ours replaces before the swap.
 */
async function replaceDir(dir: string, fill: (fresh: string) => Promise<TableCounts>): Promise<TableCounts> {
  const fresh = `${dir}.restore-${process.pid}`;
  const old = `${dir}.replaced-${process.pid}`;
  fs.rmSync(fresh, { recursive: true, force: true });
  let counts: TableCounts;
  try {
    counts = await fill(fresh);
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

const countAndCheckpoint = async (db: PGlite) => {
  const tables = await countTables(query(db));
  await db.exec('CHECKPOINT');
  return tables;
};

/** Unpacks a tarball of dumpPglite into `dir`, replacing what is there; the rows PGlite opened. */
export async function restorePglite(dir: string, file: string): Promise<TableCounts> {
  return replaceDir(dir, async (fresh) => {
    const tarball = new File([await readFile(file)], 'pgdata.tar.gz', { type: 'application/x-gzip' });
    return withPglite(fresh, countAndCheckpoint, tarball);
  });
}

const COPY_FROM_STDIN = /^COPY (.+) FROM stdin;$/;
/** Rows of one table handed to PGlite at a time, in bytes: a large table never waits whole in memory. */
const COPY_CHUNK = 4 * 1024 * 1024;

/**
 * Runs a SQL script of pg_dump (PostgreSQL's, see scriptOfDump) in a new database, in one
 * transaction. PGlite has no COPY FROM stdin: the rows of each COPY go to it as a blob, in chunks.
 * psql's meta-commands \restrict and \unrestrict, which frame the script against a server that
 * sends commands of its own, mean nothing here.
 */
async function runScript(db: PGlite, lines: AsyncIterable<string>): Promise<void> {
  let statements: string[] = [];
  let copy: string | null = null;
  let rows: string[] = [];
  let size = 0;
  const flushStatements = async () => {
    const text = statements.join('\n');
    statements = [];
    if (text.trim()) await db.exec(text);
  };
  const flushRows = async () => {
    if (rows.length) await db.query(`COPY ${copy} FROM '/dev/blob'`, [], { blob: new Blob([rows.join('\n') + '\n']) });
    rows = [];
    size = 0;
  };
  await db.exec('begin');
  for await (const line of lines) {
    if (copy !== null) {
      if (line === '\\.') {
        await flushRows();
        copy = null;
      } else {
        rows.push(line);
        size += line.length + 1;
        if (size >= COPY_CHUNK) await flushRows();
      }
    } else if (COPY_FROM_STDIN.test(line)) {
      await flushStatements();
      copy = COPY_FROM_STDIN.exec(line)![1]!;
    } else if (!/^\\(un)?restrict /.test(line)) {
      statements.push(line);
    }
  }
  if (copy !== null) throw new BackupError('Der Datenbank-Auszug endet mitten in den Zeilen einer Tabelle.');
  await flushStatements();
  await db.exec('commit');
}

/** A SQL script of pg_dump into `dir` as a new PGlite database, replacing what is there. */
export async function restorePgliteFromScript(dir: string, lines: AsyncIterable<string>): Promise<TableCounts> {
  return replaceDir(dir, (fresh) =>
    withPglite(fresh, async (db) => {
      try {
        await runScript(db, lines);
      } catch (err) {
        if (err instanceof BackupError) throw err;
        throw new BackupError(`Der Datenbank-Auszug ließ sich nicht in die eingebettete Datenbank laden: ${(err as Error).message}`);
      }
      return countAndCheckpoint(db);
    }),
  );
}
