/**
 * The PostgreSQL side of backup and restore: pg_dump in its custom format, pg_restore, psql for
 * the plain SQL dump of a PGlite backup (the move), and the row counts of both ends.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { Transform, type Readable } from 'node:stream';
import pg from 'pg';
import { BackupError, countTables, type DumpInfo, type Query, type TableCounts } from './backup-tables.ts';

/** The program's path on PATH, or a German error naming the package that brings it. */
function findTool(name: string): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      /* not here */
    }
  }
  throw new BackupError(
    `${name} wurde nicht gefunden (PATH). Für Sicherungen mit PostgreSQL werden die Client-Programme pg_dump, pg_restore und psql ` +
      `gebraucht, in mindestens der Version des Datenbankservers (Debian/Ubuntu: Paket postgresql-client).`,
  );
}

/**
 * The address for pg_dump/pg_restore without its password, which goes through PGPASSWORD
 * instead: on the command line every user of the machine could read it in the process list.
 */
function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const env = { ...process.env };
  try {
    const u = new URL(url);
    if (u.password) {
      env.PGPASSWORD = decodeURIComponent(u.password);
      u.password = '';
      return { dbname: u.toString(), env };
    }
  } catch {
    /* a connection string in key=value form goes to libpq as it is */
  }
  return { dbname: url, env };
}

/** Runs a client program; `input` goes to its standard input. A failure names its last error lines. */
function run(tool: string, args: string[], env: NodeJS.ProcessEnv, input?: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: [input ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => {
      stderr = (stderr + c.toString('utf8')).slice(-4000);
    });
    if (input) {
      // A program that stops reading (it failed) ends the input; its exit code tells why.
      child.stdin!.on('error', () => undefined);
      input.on('error', (err) => {
        child.kill();
        reject(new BackupError(`Die Eingabe für ${path.basename(tool)} ist nicht lesbar: ${err.message}`));
      });
      input.pipe(child.stdin!);
    }
    child.on('error', (err) => reject(new BackupError(`${path.basename(tool)} ließ sich nicht starten: ${err.message}`)));
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const hint = /version mismatch/.test(stderr) ? '\nHinweis: pg_dump/pg_restore müssen mindestens die Version des Datenbankservers haben.' : '';
      reject(new BackupError(`${path.basename(tool)} ist fehlgeschlagen (Code ${code}):\n${stderr.trim()}${hint}`));
    });
  });
}

async function withClient<T>(url: string, work: (client: pg.Client, query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(`Die Datenbank (DATABASE_URL) ist nicht erreichbar: ${(err as Error).message}`);
  }
  try {
    return await work(client, async (text) => (await client.query(text)).rows as Record<string, unknown>[]);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * pg_dump while the app keeps running. The row counts for the manifest come from the very
 * snapshot pg_dump reads (exported here, handed over with --snapshot), so a restore can be held
 * against them even though the portal went on writing during the backup.
 */
export async function dumpPostgres(url: string, file: string): Promise<DumpInfo> {
  const pgDump = findTool('pg_dump');
  return withClient(url, async (client, query) => {
    await client.query('begin isolation level repeatable read, read only');
    const [row] = await query('select pg_export_snapshot() as snapshot, current_setting(\'server_version\') as version');
    const tables = await countTables(query);
    const { dbname, env } = toolConnection(url);
    await run(pgDump, ['--format=custom', `--snapshot=${String(row!.snapshot)}`, `--file=${file}`, `--dbname=${dbname}`], env);
    await client.query('commit');
    return { tables, serverVersion: String(row!.version).split(' ')[0]! };
  });
}

export interface PostgresState {
  tables: TableCounts;
  /** Other client sessions on the database: app instances still running, most likely. */
  otherSessions: number;
}

export async function inspectPostgres(url: string): Promise<PostgresState> {
  return withClient(url, async (_client, query) => {
    const others = async () =>
      Number((await query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`))[0]!.n);
    // A session that has just disconnected stays listed until its backend process has exited (a
    // few milliseconds, longer on a busy machine): a running instance is still there after a second.
    let sessions = await others();
    for (let wait = 0; sessions > 0 && wait < OTHER_SESSIONS_WAITS; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      sessions = await others();
    }
    return { tables: await countTables(query), otherSessions: sessions };
  });
}
const OTHER_SESSIONS_WAITS = 5;

export const countPostgres = (url: string) => withClient(url, (_client, query) => countTables(query));

/** `name=UC/grantor` items of an ACL; an empty grantee is PUBLIC. */
function schemaGrants(acl: string[], owner: string): string[] {
  const grants: string[] = [];
  for (const item of acl) {
    const m = /^("(?:[^"]|"")*"|[^=]*)=([A-Za-z*]*)\//.exec(item);
    if (!m) continue;
    const grantee = m[1]!;
    if (grantee === owner || grantee === `"${owner}"`) continue;
    const privileges = [m[2]!.includes('U') && 'usage', m[2]!.includes('C') && 'create'].filter(Boolean).join(', ');
    if (privileges) grants.push(`grant ${privileges} on schema public to ${grantee === '' ? 'public' : grantee}`);
  }
  return grants;
}

/**
 * Empties the database for the restore: the app's schemas go whole, with every object of a
 * newer schema version that pg_restore --clean would leave behind (it only drops what the dump
 * names) and that the next start's migrations would then trip over. The schema public comes
 * back empty with its owner and grants.
 */
async function emptyDatabase(url: string) {
  await withClient(url, async (client, query) => {
    const [schema] = await query(`select nspowner::regrole::text as owner, coalesce(nspacl::text[], '{}') as acl, nspacl is null as "defaultAcl" from pg_namespace where nspname = 'public'`);
    await client.query('begin');
    await client.query('drop schema if exists drizzle cascade');
    if (schema) {
      const owner = String(schema.owner);
      await client.query('drop schema public cascade');
      await client.query(`create schema public authorization ${owner}`);
      if (!schema.defaultAcl) for (const grant of schemaGrants(schema.acl as string[], owner)) await client.query(grant);
    } else {
      await client.query('create schema public');
    }
    await client.query('commit');
  });
}

/** Restores a pg_dump file into the database, replacing what is there when `replace` is set. */
export async function restorePostgres(url: string, file: string, replace: boolean): Promise<void> {
  const pgRestore = findTool('pg_restore');
  if (replace) await emptyDatabase(url);
  const { dbname, env } = toolConnection(url);
  // One transaction: a failing restore leaves the database as it was before it. Owners and
  // grants stay behind, since the roles of the backed-up server need not exist here.
  await run(pgRestore, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file], env);
}

/**
 * Settings that pg_dump of a newer PostgreSQL (PGlite's is 18) sets at the head of its script and
 * an older server does not know, with the version that brought them. Leaving them out changes
 * nothing: the script sets them to their defaults.
 */
const NEWER_SETTINGS: [name: string, since: number][] = [['transaction_timeout', 170000]];

/** Passes a script through without the SET lines of `names` in its head (its first chunk). */
function withoutSettings(names: string[]): Transform {
  let head = true;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!head || !names.length) return done(null, chunk);
      head = false;
      let text = chunk.toString('latin1');
      for (const name of names) text = text.replace(new RegExp(`^SET ${name} = [^\\n]*\\n`, 'm'), '');
      done(null, Buffer.from(text, 'latin1'));
    },
  });
}

/**
 * Loads a plain SQL dump (the portable one of a PGlite backup) with psql, replacing what is there
 * when `replace` is set. One transaction, and psql stops at the first error: a failing load leaves
 * the database empty, as restorePostgres does.
 */
export async function loadScriptPostgres(url: string, file: string, replace: boolean): Promise<void> {
  const psql = findTool('psql');
  const version = await withClient(url, async (_client, query) => Number((await query(`select current_setting('server_version_num') as v`))[0]!.v));
  if (replace) await emptyDatabase(url);
  const { dbname, env } = toolConnection(url);
  const unknown = NEWER_SETTINGS.filter(([, since]) => version < since).map(([name]) => name);
  const input = fs.createReadStream(file).pipe(withoutSettings(unknown));
  await run(psql, ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', '--single-transaction', `--dbname=${dbname}`, '--file=-'], env, input);
}

/**
 * The SQL script of a pg_dump file, line by line, as pg_restore writes it (without owners and
 * grants, like restorePostgres): for a PGlite database made from a PostgreSQL backup.
 */
export async function* scriptOfDump(file: string): AsyncGenerator<string> {
  const pgRestore = findTool('pg_restore');
  const child = spawn(pgRestore, ['--no-owner', '--no-privileges', '--file=-', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString('utf8')).slice(-4000);
  });
  // Settles either way, so an early end of the reading side leaves no rejection unhandled.
  const exited = new Promise<number | Error | null>((resolve) => {
    child.on('error', resolve);
    child.on('close', resolve);
  });
  try {
    for await (const line of readline.createInterface({ input: child.stdout, crlfDelay: Infinity })) yield line;
    const code = await exited;
    if (code instanceof Error) throw new BackupError(`pg_restore ließ sich nicht starten: ${code.message}`);
    if (code !== 0) throw new BackupError(`pg_restore ist fehlgeschlagen (Code ${code}):\n${stderr.trim()}`);
  } finally {
    if (child.exitCode === null) child.kill();
  }
}
