import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { readConfig, type Config } from '../src/config.ts';
import { backup, restore, type Manifest } from '../src/platform/backup.ts';
import { openPglite, openPostgres, type Database } from '../src/platform/db.ts';
import { createMailer } from '../src/platform/mail.ts';
import { createStorage } from '../src/platform/storage.ts';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../src/seed/demo.ts';
import { startS3 } from './s3.ts';
import { pdf } from './pdf-text.ts';

/**
 * Backup and restore end to end: the demo company plus uploads, backed up, restored into an empty
 * database and storage, and compared row by row and byte by byte: on PGlite without DATABASE_URL,
 * on PostgreSQL with it (each pass of CI the database it runs on). With DATABASE_URL also the
 * move: from PGlite into PostgreSQL with files in S3, and back.
 */
const kinds = [process.env.DATABASE_URL ? ('postgres' as const) : ('pglite' as const)];
const quiet = () => undefined;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'filialportal-backup-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A data directory and, on PostgreSQL, a new empty database of its own. */
interface Place {
  config: Config;
  drop(): Promise<void>;
}

async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

let places = 0;
async function newPlace(kind: 'pglite' | 'postgres', env: Record<string, string> = {}): Promise<Place> {
  const dataDir = path.join(root, `${kind}-${++places}`);
  if (kind === 'pglite') return { config: readConfig({ DATA_DIR: dataDir, WEB_DIST: '', ...env }), drop: async () => undefined };
  const name = `fp_backup_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    config: readConfig({ DATA_DIR: dataDir, WEB_DIST: '', DATABASE_URL: url.toString(), ...env }),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

/** Opens the place's database the way the server does (migrations included, a no-op here). */
const open = (config: Config): Promise<Database> => (config.databaseUrl ? openPostgres(config.databaseUrl, 2) : openPglite(path.join(config.dataDir, 'db')));

/** Runs work with a plain query function on the place's database. */
async function withDatabase<T>(config: Config, work: (query: (text: string) => Promise<Record<string, string>[]>) => Promise<T>): Promise<T> {
  const database = await open(config);
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  try {
    return await work(async (text) => (await pool.query(text)).rows);
  } finally {
    await database.close();
  }
}

type App = Awaited<ReturnType<typeof buildApp>>;

/** The portal on the place's database and storage (migrations as at start), signed in as the administration. */
async function serve(config: Config, work: (app: App, headers: Record<string, string>) => Promise<void>, seed = false) {
  const database = await open(config);
  const storage = createStorage(config);
  try {
    if (seed) await seedDemoIfEmpty(database.db, storage);
    const app = await buildApp({
      db: database.db,
      databaseAvailable: database.available,
      config: { ...config, seed: 'none' },
      mailer: createMailer({ smtpUrl: null, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') }),
      storage,
    });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/token', payload: { username: 'verwaltung@example.com', password: DEMO_PASSWORD } });
      expect(login.statusCode, login.body).toBe(200);
      await work(app, { authorization: `Bearer ${login.json().token as string}` });
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

/** The demo company, two documents uploaded through the API, and a large file besides. */
async function populate(config: Config) {
  await serve(
    config,
    async (app, headers) => {
      const folder = await app.inject({ method: 'POST', url: '/api/folder', headers, payload: { folder: { name: 'Sicherung Test' } } });
      expect(folder.statusCode, folder.body).toBe(200);
      for (const name of ['Kassenanweisung.pdf', 'Übergabe Filiale.pdf']) {
        const query = new URLSearchParams({ parent: folder.json().folder.id as string, name });
        const res = await app.inject({ method: 'POST', url: `/api/document?${query}`, headers: { ...headers, 'content-type': 'application/octet-stream' }, payload: await pdf(`Inhalt von ${name}`) });
        expect(res.statusCode, res.body).toBe(200);
      }
    },
    true,
  );
  await createStorage(config).put(randomBytes(3_000_000));
}

/** The portal started on a restored place lists the uploaded folder and hands out its PDF. */
async function expectServed(config: Config) {
  await serve(config, async (app, headers) => {
    const folders = (await app.inject({ method: 'GET', url: '/api/folder/list', headers })).json().folders as { id: string; name: string }[];
    const folder = folders.find((f) => f.name === 'Sicherung Test');
    expect(folder).toBeDefined();
    const shown = (await app.inject({ method: 'GET', url: `/api/folder/show/${folder!.id}`, headers })).json().folder;
    expect(shown.documents.map((d: { name: string }) => d.name).sort()).toEqual(['Kassenanweisung.pdf', 'Übergabe Filiale.pdf']);
    const download = await app.inject({ method: 'GET', url: shown.documents[0].resourceUri as string, headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
}

/**
 * Per table its row count and the MD5 of its ordered row texts; per stored file its SHA-256.
 * Generated columns are left out: every database computes them itself on load (a restore, a move),
 * and PostgreSQL 15 stems some German words of the search's word vectors otherwise than PGlite's 18.
 */
async function fingerprint(config: Config) {
  const tables = await withDatabase(config, async (query) => {
    const names = await query(
      `select format('%I.%I', n.nspname, c.relname) as name,
         (select string_agg(format('t.%I', a.attname), ', ' order by a.attnum) from pg_attribute a
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname in ('public', 'drizzle') order by 1`,
    );
    const rows = await query(
      names
        .map(({ name, columns }) => `select '${name}' as name, count(*) || ' ' || md5(coalesce(string_agg(row(${columns})::text, E'\\n' order by row(${columns})::text collate "C"), '')) as print from ${name} t`)
        .join(' union all '),
    );
    return Object.fromEntries(rows.map((r) => [r.name!, r.print!]));
  });
  return { tables, files: await fileFingerprint(config) };
}

async function fileFingerprint(config: Config) {
  const storage = createStorage(config);
  const files: Record<string, string> = {};
  for await (const key of storage.keys()) files[key] = createHash('sha256').update(await storage.get(key)).digest('hex');
  return files;
}

describe.each(kinds)('backup and restore on %s', (kind) => {
  let source: Place;
  let target: Place;
  let manifest: Manifest;
  let expected: Awaited<ReturnType<typeof fingerprint>>;
  const backupDir = path.join(root, `${kind}-backup`);

  beforeAll(async () => {
    source = await newPlace(kind);
    target = await newPlace(kind);
    await populate(source.config);
    expected = await fingerprint(source.config);
    manifest = await backup(source.config, backupDir, quiet);
  }, 120_000);
  afterAll(async () => {
    await source?.drop();
    await target?.drop();
  });

  it('writes a manifest with every table and every file', () => {
    expect(manifest.database.kind).toBe(kind);
    expect(manifest.app.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(manifest.database.migrations).toBeGreaterThan(10);
    expect(Object.keys(manifest.database.tables).length).toBe(Object.keys(expected.tables).length);
    expect(manifest.database.tables.users).toBe(Number(expected.tables['public.users']!.split(' ')[0]));
    expect(Object.keys(manifest.files).sort()).toEqual(Object.keys(expected.files).sort());
    for (const [key, sha256] of Object.entries(expected.files)) expect(manifest.files[key]!.sha256).toBe(sha256);
    expect(Math.max(...Object.values(manifest.files).map((f) => f.size))).toBe(3_000_000);
  });

  if (kind === 'pglite') {
    it('refuses while a server holds the PGlite directory, and leaves no directory behind', async () => {
      // The lock of another live process, as a running server leaves it (db.ts).
      const server = spawn('sleep', ['30'], { stdio: 'ignore' });
      const lock = path.join(source.config.dataDir, 'db', 'filialportal.lock');
      fs.writeFileSync(lock, `${server.pid}\n\n`);
      try {
        await expect(backup(source.config, path.join(root, 'refused'), quiet)).rejects.toThrow(new RegExp(`Prozess ${server.pid}.*Server stoppen`));
      } finally {
        server.kill();
        fs.rmSync(lock);
      }
      expect(fs.existsSync(path.join(root, 'refused'))).toBe(false);
    });
  }

  it('restores every row and every file into an empty database and storage', async () => {
    const result = await restore(target.config, backupDir, {}, quiet);
    expect(result.mismatches).toEqual([]);
    expect(result.ok).toBe(true);
    expect(await fingerprint(target.config)).toEqual(expected);
  }, 60_000);

  it('refuses a target that holds data without --force and changes nothing; with --force replaces it', async () => {
    await withDatabase(target.config, (query) => query('delete from likes'));
    const someKey = Object.keys(expected.files)[0]!;
    await createStorage(target.config).putAt(someKey, Buffer.from('anders'));
    const changed = await fingerprint(target.config);
    expect(changed).not.toEqual(expected);

    await expect(restore(target.config, backupDir, {}, quiet)).rejects.toThrow(/enthält bereits Daten.*--force/s);
    expect(await fingerprint(target.config)).toEqual(changed);

    const result = await restore(target.config, backupDir, { force: true }, quiet);
    expect(result.mismatches).toEqual([]);
    expect(await fingerprint(target.config)).toEqual(expected);
  }, 60_000);

  if (kind === 'pglite') {
    it('restores files from a local folder into object storage (S3)', async () => {
      const s3 = await startS3();
      const place = { config: readConfig({ DATA_DIR: path.join(root, 'to-s3'), WEB_DIST: '', ...s3.env }) };
      try {
        const result = await restore(place.config, backupDir, {}, quiet);
        expect(result.mismatches).toEqual([]);
        expect(await fileFingerprint(place.config)).toEqual(expected.files);
        expect(fs.existsSync(path.join(place.config.dataDir, 'files'))).toBe(false);
      } finally {
        await s3.close();
      }
    }, 60_000);
  }

  it('reports a changed byte in a backed-up file, and refuses a damaged database file without touching the target', async () => {
    const key = Object.keys(manifest.files)[0]!;
    const file = path.join(backupDir, 'files', key);
    const bytes = fs.readFileSync(file);
    bytes[0] = bytes[0]! ^ 0xff;
    fs.writeFileSync(file, bytes);
    const lines: string[] = [];
    const result = await restore(target.config, backupDir, { force: true }, (l) => lines.push(l));
    expect(result.ok).toBe(false);
    expect(result.mismatches).toEqual([expect.stringMatching(new RegExp(`^Datei ${key}: Prüfsumme weicht ab`))]);
    expect(lines.join('\n')).toMatch(/Abweichungen von der Sicherung \(1\)/);

    const before = await fingerprint(target.config);
    const dump = path.join(backupDir, manifest.database.file);
    const dumpBytes = fs.readFileSync(dump);
    dumpBytes[dumpBytes.length >> 1] = dumpBytes[dumpBytes.length >> 1]! ^ 0xff;
    fs.writeFileSync(dump, dumpBytes);
    await expect(restore(target.config, backupDir, { force: true }, quiet)).rejects.toThrow(/beschädigt.*Nichts verändert/s);
    expect(await fingerprint(target.config)).toEqual(before);
  }, 60_000);

  if (kind === 'postgres') {
    it('refuses to restore while an instance is connected to the target, and changes nothing', async () => {
      const before = await fingerprint(target.config);
      const instance = new pg.Client({ connectionString: target.config.databaseUrl! });
      await instance.connect();
      try {
        await expect(restore(target.config, backupDir, { force: true }, quiet)).rejects.toThrow(/noch 1 andere Sitzungen verbunden/);
      } finally {
        await instance.end();
      }
      expect(await fingerprint(target.config)).toEqual(before);
    }, 60_000);

    it('backs up a consistent state while the portal keeps writing', async () => {
      const place = await newPlace(kind);
      const dir = path.join(root, 'while-writing');
      let writing = true;
      const written = withDatabase(source.config, async (query) => {
        let n = 0;
        while (writing) await query(`insert into manufacturers (name) values ('Hersteller ${kind} ${++n}')`);
        return n;
      });
      try {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const during = await backup(source.config, dir, quiet);
        writing = false;
        const n = await written;
        const total = Number(await withDatabase(source.config, async (query) => (await query('select count(*) as n from manufacturers'))[0]!.n));
        expect(during.database.tables.manufacturers).toBeLessThan(total);
        expect(n).toBeGreaterThan(0);
        const result = await restore(place.config, dir, {}, quiet);
        expect(result.mismatches).toEqual([]);
      } finally {
        writing = false;
        await written.catch(() => undefined);
        await place.drop();
      }
    }, 60_000);
  }
});

describe.skipIf(!process.env.DATABASE_URL)('moving between the embedded database and PostgreSQL', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let embedded: Place;
  let postgres: Place;
  let expected: Awaited<ReturnType<typeof fingerprint>>;

  beforeAll(async () => {
    s3 = await startS3();
    embedded = await newPlace('pglite');
    postgres = await newPlace('postgres', s3.env);
    await populate(embedded.config);
    expected = await fingerprint(embedded.config);
  }, 120_000);
  afterAll(async () => {
    await postgres?.drop();
    await s3?.close();
  });

  it('a PGlite backup carries a SQL dump and goes into an empty PostgreSQL with its files in S3; the portal starts on it', async () => {
    const dir = path.join(root, 'move-up');
    const manifest = await backup(embedded.config, dir, quiet);
    expect(manifest.database.portable).toMatchObject({ file: 'database.sql', size: fs.statSync(path.join(dir, 'database.sql')).size });

    const lines: string[] = [];
    const result = await restore(postgres.config, dir, {}, (l) => lines.push(l));
    expect(result.mismatches).toEqual([]);
    expect(lines.join('\n')).toMatch(/PGlite, eingebettet → PostgreSQL/);
    expect(await fingerprint(postgres.config)).toEqual(expected);
    expect(fs.existsSync(path.join(postgres.config.dataDir, 'files'))).toBe(false);
    await expectServed(postgres.config);
  }, 120_000);

  it('and back: a PostgreSQL backup goes into an empty embedded database with local files', async () => {
    const dir = path.join(root, 'move-down');
    // The sign-in of the portal started before is part of it now.
    const moved = await fingerprint(postgres.config);
    await backup(postgres.config, dir, quiet);
    const back = await newPlace('pglite');
    const result = await restore(back.config, dir, {}, quiet);
    expect(result.mismatches).toEqual([]);
    expect(await fingerprint(back.config)).toEqual(moved);
    await expectServed(back.config);
  }, 120_000);

  it('refuses a PGlite backup without a SQL dump for PostgreSQL, naming the way, and changes nothing', async () => {
    const dir = path.join(root, 'move-old');
    const manifest = await backup(embedded.config, dir, quiet);
    // As older versions wrote it.
    delete manifest.database.portable;
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    fs.rmSync(path.join(dir, 'database.sql'));
    const target = await newPlace('postgres');
    try {
      await expect(restore(target.config, dir, {}, quiet)).rejects.toThrow(/keinen SQL-Auszug.*älteren Version/s);
      expect(await countPostgresTables(target.config)).toBe(0);
    } finally {
      await target.drop();
    }
  }, 120_000);

  it('a damaged SQL dump is refused before the target is touched', async () => {
    const dir = path.join(root, 'move-up');
    const sql = path.join(dir, 'database.sql');
    const bytes = fs.readFileSync(sql);
    bytes[bytes.length >> 1] = bytes[bytes.length >> 1]! ^ 0xff;
    fs.writeFileSync(sql, bytes);
    const target = await newPlace('postgres');
    try {
      await expect(restore(target.config, dir, {}, quiet)).rejects.toThrow(/beschädigt.*Nichts verändert/s);
      expect(await countPostgresTables(target.config)).toBe(0);
    } finally {
      await target.drop();
    }
  }, 60_000);
});

/** Tables in the app's schemas of a PostgreSQL place, read without the server's migrations. */
async function countPostgresTables(config: Config): Promise<number> {
  const client = new pg.Client({ connectionString: config.databaseUrl! });
  await client.connect();
  try {
    const { rows } = await client.query(`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`);
    return rows[0].n as number;
  } finally {
    await client.end();
  }
}
