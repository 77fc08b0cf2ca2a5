/**
 * `npm run backup` and `npm run restore` (scripts/backup.ts, scripts/restore.ts): the database
 * and every stored file in one directory, with a manifest to check a restore against.
 *
 *   manifest.json           written last: a directory without it is no complete backup
 *   database.pgdump         PostgreSQL: pg_dump --format=custom
 *   database.pglite.tar.gz  PGlite: its data directory (dumpDataDir)
 *   database.sql            PGlite: the same state as a plain SQL dump, for PostgreSQL
 *   files/<key>             the bytes of every key of the storage
 *
 * A backup goes back into the kind of database it came from, or moves: a PGlite backup into
 * PostgreSQL through its SQL dump, a PostgreSQL backup into PGlite through pg_restore's script of
 * its dump (a small site, a test copy).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.ts';
import { dumpPglite, countPglite, hasPglite, lockPglite, restorePglite, restorePgliteFromScript } from './backup-pglite.ts';
import { countPostgres, dumpPostgres, inspectPostgres, loadScriptPostgres, restorePostgres, scriptOfDump } from './backup-postgres.ts';
import { BackupError, dataRows, MIGRATIONS_TABLE, type DumpInfo, type TableCounts } from './backup-tables.ts';
import { createStorage, isStorageKey, type Storage } from './storage.ts';

export { BackupError } from './backup-tables.ts';

export type DatabaseKind = 'postgres' | 'pglite';

export interface Manifest {
  format: 1;
  createdAt: string;
  app: { name: string; version: string };
  database: {
    kind: DatabaseKind;
    file: string;
    size: number;
    sha256: string;
    serverVersion: string;
    migrations: number;
    tables: TableCounts;
    /** PGlite: the same state as a plain SQL dump (backups of older versions lack it). */
    portable?: { file: string; size: number; sha256: string };
  };
  files: Record<string, { size: number; sha256: string }>;
}

export interface RestoreResult {
  ok: boolean;
  /** One German line per difference from the manifest. */
  mismatches: string[];
}

type Log = (line: string) => void;

const DUMP_FILE: Record<DatabaseKind, string> = { postgres: 'database.pgdump', pglite: 'database.pglite.tar.gz' };
const PORTABLE_FILE = 'database.sql';
const KIND_NAME: Record<DatabaseKind, string> = { postgres: 'PostgreSQL', pglite: 'PGlite, eingebettet' };
/** Files copied at once: object storage answers each request slowly but many in parallel. */
const FILE_CONCURRENCY = 4;

const readJson = (url: URL) => JSON.parse(fs.readFileSync(url, 'utf8')) as Record<string, unknown>;
const appPackage = () => readJson(new URL('../../../package.json', import.meta.url)) as { name: string; version: string };
/** The migrations this version of the app brings, to tell how a backup's schema relates to it. */
const appMigrations = () => (readJson(new URL('../db/migrations/meta/_journal.json', import.meta.url)).entries as unknown[]).length;

const kindOf = (config: Pick<Config, 'databaseUrl'>): DatabaseKind => (config.databaseUrl ? 'postgres' : 'pglite');
const pgliteDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'db');
const de = (n: number) => n.toLocaleString('de-DE');
const megabytes = (bytes: number) => `${(bytes / 1e6).toLocaleString('de-DE', { maximumFractionDigits: 1 })} MB`;

/** `backups/filialportal-YYYY-MM-DD-HHMMSS` under `base`, in local time. */
export function defaultBackupDir(base: string, now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
  return path.join(base, 'backups', `filialportal-${stamp}`);
}

/** Passes a stream through, counting and hashing it. */
function digest() {
  const hash = createHash('sha256');
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { transform, result: () => ({ size, sha256: hash.digest('hex') }) };
}

async function hashStream(source: Readable): Promise<{ size: number; sha256: string }> {
  const d = digest();
  await pipeline(source, d.transform, async (chunks: AsyncIterable<Buffer>) => {
    for await (const _ of chunks) void _;
  });
  return d.result();
}

/** Runs `work` for every item, `limit` at a time; the first failure ends it. */
async function eachLimited<T>(items: AsyncIterable<T> | Iterable<T>, limit: number, work: (item: T) => Promise<void>) {
  const source = Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : (items as Iterable<T>)[Symbol.iterator]();
  let failed = false;
  const worker = async () => {
    while (!failed) {
      const next = await source.next();
      if (next.done) return;
      try {
        await work(next.value);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/**
 * Writes a backup into `dir`, a new or empty directory. The database comes first, then the
 * files: a file uploaded meanwhile is in the backup without its record (harmless), and only a
 * file deleted in between can be missing for a record of the dump.
 */
export async function backup(config: Config, dir: string, log: Log = console.log): Promise<Manifest> {
  const kind = kindOf(config);
  const existed = fs.existsSync(dir);
  if (existed && fs.readdirSync(dir).length) throw new BackupError(`Das Zielverzeichnis ${dir} existiert bereits und ist nicht leer.`);
  if (kind === 'pglite' && !hasPglite(pgliteDir(config))) throw new BackupError(`In ${pgliteDir(config)} liegt keine eingebettete Datenbank (DATA_DIR prüfen).`);
  const release = kind === 'pglite' ? lockPglite(pgliteDir(config), 'Sicherung') : () => undefined;
  const started = Date.now();
  try {
    // Personal data and password hashes: for the operator's eyes only.
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.mkdirSync(path.join(dir, 'files'));
    log(`Sicherung nach ${dir}`);
    const file = path.join(dir, DUMP_FILE[kind]);
    const portableFile = path.join(dir, PORTABLE_FILE);
    const info: DumpInfo = kind === 'postgres' ? await dumpPostgres(config.databaseUrl!, file) : await dumpPglite(pgliteDir(config), file, portableFile);
    const dump = await hashStream(fs.createReadStream(file));
    const portable = kind === 'pglite' ? { file: PORTABLE_FILE, ...(await hashStream(fs.createReadStream(portableFile))) } : undefined;
    const sizes = portable ? `${megabytes(dump.size)}, als SQL ${megabytes(portable.size)}` : megabytes(dump.size);
    log(`  Datenbank (${KIND_NAME[kind]}): ${de(Object.keys(info.tables).length)} Tabellen, ${de(dataRows(info.tables))} Zeilen, ${sizes}`);

    const files: Manifest['files'] = {};
    const storage = createStorage(config);
    await eachLimited(storage.keys(), FILE_CONCURRENCY, async (key) => {
      const d = digest();
      await pipeline(storage.stream(key), d.transform, fs.createWriteStream(path.join(dir, 'files', key), { flags: 'wx' }));
      files[key] = d.result();
    });
    const sorted = Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
    const bytes = Object.values(files).reduce((sum, f) => sum + f.size, 0);
    log(`  Dateien: ${de(Object.keys(files).length)} (${megabytes(bytes)})`);

    const pkg = appPackage();
    const manifest: Manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      app: { name: pkg.name, version: pkg.version },
      database: { kind, file: DUMP_FILE[kind], ...dump, serverVersion: info.serverVersion, migrations: info.tables[MIGRATIONS_TABLE] ?? 0, tables: info.tables, ...(portable ? { portable } : {}) },
      files: sorted,
    };
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n', { flag: 'wx' });
    log(`Fertig in ${((Date.now() - started) / 1000).toLocaleString('de-DE', { maximumFractionDigits: 1 })} s.`);
    return manifest;
  } catch (err) {
    // Nothing half-written stays behind to be mistaken for a backup; a directory the operator
    // gave (a mount point, perhaps) stays, emptied.
    if (existed) for (const entry of fs.readdirSync(dir)) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    else fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  } finally {
    release();
  }
}

export function readManifest(dir: string): Manifest {
  const file = path.join(dir, 'manifest.json');
  if (!fs.existsSync(file)) throw new BackupError(`In ${dir} liegt keine manifest.json: keine (vollständige) Sicherung.`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  } catch (err) {
    throw new BackupError(`Die manifest.json in ${dir} ist nicht lesbar: ${(err as Error).message}`);
  }
  const portable = manifest.database?.portable;
  if (manifest.format !== 1 || manifest.database?.file !== DUMP_FILE[manifest.database?.kind] || typeof manifest.files !== 'object' || (portable && portable.file !== PORTABLE_FILE)) {
    throw new BackupError(`Die manifest.json in ${dir} hat ein unbekanntes Format.`);
  }
  // The keys become paths here and in the storage: nothing else than a key may pass.
  const bad = Object.keys(manifest.files).find((key) => !isStorageKey(key));
  if (bad !== undefined) throw new BackupError(`Die manifest.json nennt eine ungültige Datei: ${JSON.stringify(bad)}.`);
  return manifest;
}

function compareTables(expected: TableCounts, found: TableCounts): string[] {
  const lines: string[] = [];
  for (const [table, n] of Object.entries(expected)) {
    if (!(table in found)) lines.push(`Tabelle ${table}: fehlt (erwartet ${de(n)} Zeilen)`);
    else if (found[table] !== n) lines.push(`Tabelle ${table}: ${de(n)} Zeilen erwartet, ${de(found[table]!)} gefunden`);
  }
  for (const table of Object.keys(found)) if (!(table in expected)) lines.push(`Tabelle ${table}: nicht in der Sicherung`);
  return lines;
}

/**
 * Copies the backup's files into the storage. A file missing from the backup is reported, not
 * fatal: the others are still worth having. Returns the missing keys.
 */
async function restoreFiles(storage: Storage, dir: string, manifest: Manifest, mismatches: string[]): Promise<Set<string>> {
  const missing = new Set<string>();
  await eachLimited(Object.keys(manifest.files), FILE_CONCURRENCY, async (key) => {
    const file = path.join(dir, 'files', key);
    if (!fs.existsSync(file)) {
      missing.add(key);
      mismatches.push(`Datei ${key}: fehlt in der Sicherung`);
      return;
    }
    await storage.putAt(key, fs.createReadStream(file));
  });
  return missing;
}

/** Reads every restored file back from the storage and holds it against size and SHA-256. */
async function verifyFiles(storage: Storage, manifest: Manifest, skip: Set<string>, mismatches: string[]) {
  const keys = Object.keys(manifest.files).filter((key) => !skip.has(key));
  await eachLimited(keys, FILE_CONCURRENCY, async (key) => {
    const expected = manifest.files[key]!;
    const found = await hashStream(storage.stream(key)).catch(() => null);
    if (!found) mismatches.push(`Datei ${key}: nicht im Speicher`);
    else if (found.sha256 !== expected.sha256) mismatches.push(`Datei ${key}: Prüfsumme weicht ab${found.size === expected.size ? '' : ` (${de(found.size)} statt ${de(expected.size)} Bytes)`}`);
  });
}

/**
 * The backup's file this restore loads: its own dump into the same kind of database; into
 * PostgreSQL from PGlite its SQL dump; into PGlite from PostgreSQL its dump, which pg_restore turns
 * into a script.
 */
function fileToLoad(manifest: Manifest, kind: DatabaseKind): { file: string; sha256: string } {
  const { database } = manifest;
  if (database.kind === kind || database.kind === 'postgres') return database;
  if (database.portable) return database.portable;
  throw new BackupError(
    'Die Sicherung stammt aus der eingebetteten Datenbank (PGlite) und enthält keinen SQL-Auszug (database.sql), den PostgreSQL laden kann: ' +
      'sie wurde von einer älteren Version angelegt. Diese Version zurückspielen lässt sie sich nur in die eingebettete Datenbank (ohne DATABASE_URL); ' +
      'danach mit dieser Version erneut sichern und den Umzug wiederholen.',
  );
}

/**
 * Restores a backup into the configured database and storage. A database that holds data is
 * refused unless `force`, then replaced; the storage's files are written over, others stay.
 * The schema is left as the backup has it: the next start runs the migrations of a newer app.
 */
export async function restore(config: Config, dir: string, opts: { force?: boolean } = {}, log: Log = console.log): Promise<RestoreResult> {
  const manifest = readManifest(dir);
  const kind = kindOf(config);
  const from = manifest.database.kind;
  const load = fileToLoad(manifest, kind);
  const dbDir = pgliteDir(config);
  const release = kind === 'pglite' ? lockPglite(dbDir, 'Wiederherstellung') : () => undefined;
  try {
    let present: TableCounts = {};
    if (kind === 'postgres') {
      const state = await inspectPostgres(config.databaseUrl!);
      if (state.otherSessions) {
        throw new BackupError(`Mit der Zieldatenbank sind noch ${state.otherSessions} andere Sitzungen verbunden (laufende Portal-Instanzen?). Bitte zuerst alle Instanzen stoppen.`);
      }
      present = state.tables;
    } else if (hasPglite(dbDir)) {
      present = await countPglite(dbDir);
    }
    const rows = dataRows(present);
    if (rows && !opts.force) {
      throw new BackupError(
        `Die Zieldatenbank enthält bereits Daten (${de(rows)} Zeilen in ${de(Object.values(present).filter(Boolean).length)} Tabellen). ` +
          `Nichts verändert. Mit --force wird sie durch die Sicherung ersetzt.`,
      );
    }
    const dumpFile = path.join(dir, load.file);
    const dump = fs.existsSync(dumpFile) ? await hashStream(fs.createReadStream(dumpFile)) : null;
    if (dump?.sha256 !== load.sha256) {
      throw new BackupError(`Die Datenbankdatei der Sicherung ${dump ? 'ist beschädigt (Prüfsumme weicht ab)' : 'fehlt'}: ${dumpFile}. Nichts verändert.`);
    }

    const created = new Date(manifest.createdAt).toLocaleString('de-DE', { dateStyle: 'medium', timeStyle: 'short' });
    const into = from === kind ? KIND_NAME[kind] : `${KIND_NAME[from]} → ${KIND_NAME[kind]}`;
    log(`Wiederherstellung aus ${dir} (Sicherung vom ${created}, Version ${manifest.app.version}, ${into})`);
    // PGlite counts what it opened from the unpacked files or the loaded script; that is the restored database.
    let pgliteCounts: TableCounts | null = null;
    const replace = Object.keys(present).length > 0;
    if (kind === 'pglite') pgliteCounts = from === 'pglite' ? await restorePglite(dbDir, dumpFile) : await restorePgliteFromScript(dbDir, scriptOfDump(dumpFile));
    else if (from === 'postgres') await restorePostgres(config.databaseUrl!, dumpFile, replace);
    else await loadScriptPostgres(config.databaseUrl!, dumpFile, replace);

    const mismatches: string[] = [];
    const storage = createStorage(config);
    const missing = await restoreFiles(storage, dir, manifest, mismatches);

    const restored = pgliteCounts ?? (await countPostgres(config.databaseUrl!));
    const tableMismatches = compareTables(manifest.database.tables, restored);
    mismatches.push(...tableMismatches);
    const count = Object.keys(manifest.files).length;
    await verifyFiles(storage, manifest, missing, mismatches);
    const fileMismatches = mismatches.length - tableMismatches.length;

    let others = 0;
    for await (const key of storage.keys()) if (!manifest.files[key]) others++;

    const tables = Object.keys(manifest.database.tables).length;
    log(`  Datenbank: ${de(tables)} Tabellen, ${de(dataRows(manifest.database.tables))} Zeilen – ${tableMismatches.length ? `${tableMismatches.length} Abweichungen` : 'wie in der Sicherung'}`);
    log(`  Dateien: ${de(count)} – ${fileMismatches ? `${fileMismatches} Abweichungen` : 'Prüfsummen stimmen'}${others ? `; ${de(others)} weitere Dateien im Speicher blieben liegen` : ''}`);
    const current = appMigrations();
    if (manifest.database.migrations < current) log(`  Schema: ${manifest.database.migrations} von ${current} Migrationen; die übrigen laufen beim nächsten Start.`);
    if (manifest.database.migrations > current) log(`  Achtung: Die Sicherung stammt von einer neueren Version (${manifest.database.migrations} Migrationen, diese Version kennt ${current}).`);
    if (mismatches.length) {
      log(`Abweichungen von der Sicherung (${mismatches.length}):`);
      for (const line of mismatches.sort()) log(`  ${line}`);
    } else {
      log('Wiederherstellung vollständig.');
    }
    return { ok: mismatches.length === 0, mismatches };
  } finally {
    release();
  }
}
