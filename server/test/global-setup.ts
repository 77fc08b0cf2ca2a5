import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, scryptSync } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { TestProject } from 'vitest/node';
import { type Db, openPglite, openPostgres } from '../src/platform/db.ts';
import { createLocalStorage } from '../src/platform/storage.ts';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../src/seed/demo.ts';

/**
 * The databases every test file starts from, built once per run: one migrated and empty, one
 * with the demo company, and the demo company's files. Migrating and seeding took about 13 s
 * of each test file's start; copying a template takes about one. On PGlite the templates are
 * dumped data directories that a database in memory loads; on PostgreSQL (DATABASE_URL) they
 * are databases that `create database … template …` copies.
 */
export interface TestTemplates {
  kind: 'pglite' | 'postgres';
  /** PGlite: a tar of the data directory; PostgreSQL: a database name. */
  empty: string;
  seeded: string;
  /** The demo company's stored files (a local storage folder). */
  files: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    templates: TestTemplates;
  }
}

const extensions = { pg_trgm, btree_gist };

/**
 * The demo company in the templates keeps its password, hashed at a test cost (scrypt N=2^10
 * instead of the production 2^17): the API tests log the demo people in several hundred times per
 * run, half a second of CPU each at the production cost. Verifying reads the cost from the stored
 * hash, so the login path runs as in production; every password a test sets is hashed at the
 * production cost, and the browser journeys and `npm start` keep the seeded production hashes.
 */
async function hashDemoPasswordsCheaply(db: Db) {
  const salt = randomBytes(16);
  const key = scryptSync(DEMO_PASSWORD.normalize('NFC'), salt, 32, { N: 2 ** 10, r: 8, p: 1 });
  await db.execute(sql`update users set password_hash = ${`scrypt$${2 ** 10}$8$1$${salt.toString('base64')}$${key.toString('base64')}`}`);
}

async function dumpPglite(dir: string, tar: string) {
  const db = await PGlite.create(dir, { extensions });
  try {
    fs.writeFileSync(tar, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await db.close();
  }
}

async function pgliteTemplates(root: string): Promise<TestTemplates> {
  const dir = path.join(root, 'db');
  const files = path.join(root, 'files');
  const empty = path.join(root, 'empty.tar');
  const seeded = path.join(root, 'seeded.tar');
  await (await openPglite(dir)).close();
  await dumpPglite(dir, empty);
  const database = await openPglite(dir);
  try {
    await seedDemoIfEmpty(database.db, createLocalStorage(files));
    await hashDemoPasswordsCheaply(database.db);
  } finally {
    await database.close();
  }
  await dumpPglite(dir, seeded);
  fs.rmSync(dir, { recursive: true, force: true });
  return { kind: 'pglite', empty, seeded, files };
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function postgresTemplates(url: string, root: string): Promise<TestTemplates> {
  const files = path.join(root, 'files');
  const suffix = randomBytes(4).toString('hex');
  const empty = `fp_tpl_${suffix}_empty`;
  const seeded = `fp_tpl_${suffix}_seeded`;
  for (const name of [empty, seeded]) {
    await adminQuery(url, `create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openPostgres(target.toString(), 2);
    try {
      if (name === seeded) {
        await seedDemoIfEmpty(database.db, createLocalStorage(files));
        await hashDemoPasswordsCheaply(database.db);
      }
    } finally {
      await database.close();
    }
  }
  return { kind: 'postgres', empty, seeded, files };
}

/**
 * Both test projects (vitest.config.ts) run this setup; the templates are built once per process
 * and removed when the last project is done.
 */
const shared = globalThis as typeof globalThis & { filialportalTemplates?: { ready: Promise<TestTemplates>; users: number; url?: string; root: string } };

export default async function setup(project: TestProject) {
  if (!shared.filialportalTemplates) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'filialportal-templates-'));
    const url = process.env.DATABASE_URL;
    shared.filialportalTemplates = { ready: url ? postgresTemplates(url, root) : pgliteTemplates(root), users: 0, url, root };
  }
  const state = shared.filialportalTemplates;
  state.users++;
  const templates = await state.ready;
  project.provide('templates', templates);
  return async () => {
    if (--state.users > 0) return;
    shared.filialportalTemplates = undefined;
    if (state.url) for (const name of [templates.empty, templates.seeded]) await adminQuery(state.url, `drop database if exists ${name} with (force)`);
    fs.rmSync(state.root, { recursive: true, force: true });
  };
}
