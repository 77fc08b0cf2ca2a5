import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type AppDeps } from '../src/app.ts';
import { readConfig, type Config } from '../src/config.ts';
import { openPglite, openPostgres, type Database, type Db } from '../src/platform/db.ts';
import { createMailer } from '../src/platform/mail.ts';
import { createLocalStorage, createStorage, type Storage } from '../src/platform/storage.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { startS3 } from './s3.ts';

/** TEST_STORAGE=s3 runs the API tests on object storage (an s3rver per test file) instead of the local folder. */
export const TEST_STORAGE = process.env.TEST_STORAGE === 's3' ? 's3' : 'local';

/**
 * A fresh database for one test file, migrated, and with the demo company when `from` is
 * 'seeded': PGlite in memory, or, when DATABASE_URL is set, a new database on that PostgreSQL
 * server (dropped again at the end). Both are copies of the run's templates (global-setup.ts).
 */
export async function freshDatabase(from: 'empty' | 'seeded' = 'empty'): Promise<Database> {
  const templates = inject('templates');
  const url = process.env.DATABASE_URL;
  if (!url) return openPglite(null, { load: templates[from] });
  const name = `fp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${templates[from]}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), 4);
  return {
    ...database,
    async close() {
      await database.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** Copies the demo company's files (global-setup.ts) into a test's storage, on either backend. */
async function copyDemoFiles(storage: Storage) {
  const demo = createLocalStorage(inject('templates').files);
  for await (const key of demo.keys()) await storage.putAt(key, await demo.get(key));
}

export interface TestContext {
  app: App;
  db: Db;
  storage: Storage;
  dataDir: string;
  outboxDir: string;
  /** Logs a demo user in (password demo1234 unless given) and returns the token. */
  login(email: string, password?: string, headers?: Record<string, string>): Promise<string>;
  /** app.inject with a bearer token. */
  as(token: string, opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Builds the app on a fresh database with the demo company (the `build(t)` of the tests). */
export async function buildTestApp(
  opts: { seed?: boolean; config?: Partial<Config>; logger?: AppDeps['logger']; mailer?: AppDeps['mailer']; liveStreamMs?: number } = {},
): Promise<TestContext> {
  const seeded = opts.seed !== false;
  const database = await freshDatabase(seeded ? 'seeded' : 'empty');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'filialportal-test-'));
  const s3 = TEST_STORAGE === 's3' ? await startS3() : null;
  const config: Config = { ...readConfig({ DATA_DIR: dataDir, WEB_DIST: '', ...s3?.env }), seed: 'none' as const, ...opts.config };
  const storage = createStorage(config);
  if (seeded) await copyDemoFiles(storage);
  const outboxDir = path.join(dataDir, 'outbox');
  const app = await buildApp({
    db: database.db,
    databaseAvailable: database.available,
    config,
    mailer: opts.mailer ?? createMailer({ smtpUrl: null, from: config.mailFrom, outboxDir }),
    storage,
    logger: opts.logger,
    // Injected requests wait for the end of their answer: the event stream ends soon under test.
    liveStreamMs: opts.liveStreamMs ?? 20,
  });
  await app.ready();
  const tokens = new Map<string, string>();
  return {
    app,
    db: database.db,
    storage,
    dataDir,
    outboxDir,
    async login(email, password = DEMO_PASSWORD, headers = {}) {
      const key = `${email}\n${password}\n${JSON.stringify(headers)}`;
      const cached = tokens.get(key);
      if (cached) return cached;
      const res = await app.inject({ method: 'POST', url: '/api/token', payload: { username: email, password }, headers });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      const token = res.json().token as string;
      tokens.set(key, token);
      return token;
    },
    as(token, o) {
      return app.inject({ ...o, headers: { ...(o.headers ?? {}), authorization: `Bearer ${token}` } });
    },
    async close() {
      await app.close();
      await database.close();
      await s3?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** How many objects the storage holds (bytes of files, thumbnails), on either backend. */
export async function countStored(storage: Storage): Promise<number> {
  let n = 0;
  for await (const _ of storage.keys()) n++;
  return n;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) of a header, as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
}

/** Reads the .eml files of the outbox as { to, subject, text } (quoted-printable decoded). */
export function readOutbox(outboxDir: string): { to: string; subject: string; text: string }[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .sort()
    .map((f) => {
      const raw = fs.readFileSync(path.join(outboxDir, f), 'utf8');
      // The headers end at the first empty line (nodemailer ends header lines with CRLF).
      const end = raw.search(/\r?\n\r?\n/);
      const head = raw.slice(0, end);
      const body = raw
        .slice(end)
        .replace(/^\r?\n\r?\n/, '')
        .replace(/=\r?\n/g, '')
        .replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
      const headers = head.replace(/\r?\n[ \t]+/g, ' ');
      return {
        to: headers.match(/^To: (.*)$/m)?.[1] ?? '',
        subject: decodeWords(headers.match(/^Subject: (.*)$/m)?.[1] ?? ''),
        text: body,
      };
    });
}
