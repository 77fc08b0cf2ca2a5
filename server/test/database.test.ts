import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { DataDirLockedError, openPglite } from '../src/platform/db.ts';
import { seedDemoIfEmpty } from '../src/seed/demo.ts';
import { users } from '../src/modules/users/users.table.ts';
import { locations } from '../src/modules/locations/locations.table.ts';
import { freshDatabase } from './helpers.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'filialportal-db-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function startServer(dataDir: string, port: number): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED: 'none', DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(check: () => boolean, ms = 60_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timeout');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('embedded database safety', () => {
  it('refuses a second process on the same data dir and closes cleanly on SIGTERM', async () => {
    const dataDir = path.join(tmp, 'two');
    const first = startServer(dataDir, 3931);
    await waitFor(() => first.output().includes('Filialportal läuft'));
    const second = startServer(dataDir, 3932);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/wird bereits von Prozess \d+ verwendet/);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'db', 'filialportal.lock'))).toBe(false);
    // The files are complete: the database opens again with its schema.
    const reopened = await openPglite(path.join(dataDir, 'db'));
    const [row] = await reopened.db.select({ n: count() }).from(locations);
    expect(row?.n).toBe(0);
    await reopened.close();
  }, 120_000);

  it('takes over a stale lock of a dead process and refuses a live one', async () => {
    const dir = path.join(tmp, 'lock');
    fs.mkdirSync(dir, { recursive: true });
    const sleeper = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(path.join(dir, 'filialportal.lock'), String(sleeper.pid));
      await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      sleeper.kill();
    }
    await new Promise((r) => sleeper.on('exit', r));
    const db = await openPglite(dir);
    expect(fs.readFileSync(path.join(dir, 'filialportal.lock'), 'utf8')).toBe(String(process.pid));
    await db.close();
  });
});

describe('demo company', () => {
  it('is seeded once into an empty database and not again', async () => {
    const database = await freshDatabase();
    try {
      expect(await seedDemoIfEmpty(database.db)).toBe(true);
      const [n1] = await database.db.select({ n: count() }).from(users);
      expect(n1!.n).toBeGreaterThanOrEqual(55);
      expect(await seedDemoIfEmpty(database.db)).toBe(false);
      const [n2] = await database.db.select({ n: count() }).from(users);
      expect(n2!.n).toBe(n1!.n);
      const locs = await database.db.select().from(locations);
      expect(locs.length).toBeGreaterThanOrEqual(8);
      expect(new Set(locs.map((l) => l.region)).size).toBeGreaterThanOrEqual(3);
    } finally {
      await database.close();
    }
  });
});
