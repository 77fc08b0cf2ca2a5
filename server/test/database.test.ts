import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { uncoveredSettingsPermissions } from '@filialportal/core/permissions';
import { DataDirLockedError, openPglite } from '../src/platform/db.ts';
import { seedDemoIfEmpty } from '../src/seed/demo.ts';
import { users } from '../src/modules/users/users.table.ts';
import { locations } from '../src/modules/locations/locations.table.ts';
import { userGroups } from '../src/modules/teams/teams.table.ts';
import { absences } from '../src/modules/absences/absences.table.ts';
import { tasks } from '../src/modules/tasks/tasks.table.ts';
import { freshDatabase } from './helpers.ts';

/**
 * Each test starts a server process or opens and migrates whole databases: seconds on an idle
 * machine, but half a minute when the suite's other files run beside it.
 */
const SLOW = 180_000;
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

describe('embedded database safety', { timeout: SLOW }, () => {
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
  });

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
    expect(fs.readFileSync(path.join(dir, 'filialportal.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid));
    await db.close();
  });

  it('takes over a lock whose pid now belongs to another process', async () => {
    const dir = path.join(tmp, 'reused');
    fs.mkdirSync(dir, { recursive: true });
    const other = spawn('sleep', ['30']);
    try {
      // The pid is alive, but the process started at another time than the one that locked.
      fs.writeFileSync(path.join(dir, 'filialportal.lock'), `${other.pid}\n1\n`);
      const db = await openPglite(dir);
      expect(fs.readFileSync(path.join(dir, 'filialportal.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid));
      await db.close();
    } finally {
      other.kill();
    }
  });
});

describe('demo company', { timeout: SLOW }, () => {
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

/**
 * Migration 0006 on a database of the version before: the statements that write the assignable
 * groups and clear up overlapping absences are run again on seeded data reset to that state.
 */
describe('upgrade to database-enforced rules (migration 0006)', { timeout: SLOW }, () => {
  const statements = fs
    .readFileSync(path.join(serverDir, 'src/db/migrations/0006_security.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim());
  const backfill = statements.find((s) => s.includes('UPDATE "user_groups"'))!;

  it('lets every group that manages users give exactly the groups the application allows', async () => {
    const database = await freshDatabase();
    try {
      await seedDemoIfEmpty(database.db);
      await database.db.execute(sql.raw(`update user_groups set assignable_user_groups = '{}'`));
      await database.db.execute(sql.raw(backfill));
      const groups = await database.db.select().from(userGroups);
      const nameOf = new Map(groups.map((g) => [g.id, g.name]));
      for (const g of groups.filter((g) => g.name !== 'Admin')) {
        const managesUsers = g.permissions.some((p) => p === 'einstellungen_benutzer_erstellen' || p === 'einstellungen_benutzer_bearbeiten');
        const expected = managesUsers
          ? groups.filter((h) => h.name !== 'Admin' && uncoveredSettingsPermissions(h.permissions, g.permissions).length === 0).map((h) => h.name)
          : [];
        expect([g.name, g.assignableUserGroups.map((id) => nameOf.get(id)).sort()]).toEqual([g.name, [...expected].sort()]);
      }
      const hr = groups.find((g) => g.name === 'Personalleitung')!;
      expect(hr.assignableUserGroups.map((id) => nameOf.get(id))).toEqual(expect.arrayContaining(['Verkauf', 'Azubi', 'Aushilfe', 'Bodenleger', 'Lagerist', 'Filialleitung']));
    } finally {
      await database.close();
    }
  });

  it('clears up absences the old race left behind, so the overlap rules can be added', async () => {
    const database = await freshDatabase();
    try {
      await seedDemoIfEmpty(database.db);
      const db = database.db;
      const [person] = await db.select({ id: users.id }).from(users).where(sql`email = 'verkauf@example.com'`);
      await db.execute(sql.raw('alter table absences drop constraint absences_vacation_no_overlap, drop constraint absences_sick_no_overlap'));
      const vacation = (start: string, end: string, extra: Record<string, unknown> = {}) => ({
        kind: 'vacation', userId: person!.id, startDate: start, endDate: end, countDays: 5, daysByYear: { '2031': 5 }, createdBy: person!.id, ...extra,
      });
      const rows = await db
        .insert(absences)
        .values([
          vacation('2031-03-03', '2031-03-07', { createdAt: new Date('2026-01-01T10:00:00Z') }),
          vacation('2031-03-03', '2031-03-07', { createdAt: new Date('2026-01-01T10:00:01Z') }),
          vacation('2031-03-03', '2031-03-07', { createdAt: new Date('2026-01-01T10:00:02Z') }),
          vacation('2031-03-05', '2031-03-12', { createdAt: new Date('2026-01-01T10:00:03Z') }),
          vacation('2031-03-05', '2031-03-12', { createdAt: new Date('2026-01-01T09:00:00Z'), declined: true }),
          { ...vacation('2031-05-05', '2031-05-06'), kind: 'sick', approved: true },
          { ...vacation('2031-05-05', '2031-05-06'), kind: 'sick', approved: true, createdAt: new Date(Date.now() + 1000) },
        ])
        .returning({ id: absences.id });
      await db.insert(tasks).values(rows.slice(0, 3).map((r) => ({ title: 'Urlaubsantrag', deadline: '2031-03-03', reference: `absence:${r.id}`, locked: true })));
      for (const statement of statements.filter((st) => /absences|"tasks"/.test(st) && !st.startsWith('CREATE'))) await db.execute(sql.raw(statement));
      const left = await db.select().from(absences).where(sql`user_id = ${person!.id} and start_date >= '2031-01-01'`);
      const live = left.filter((a) => a.kind === 'vacation' && !a.declined);
      expect(live.map((a) => a.id)).toEqual([rows[0]!.id]);
      expect(left.filter((a) => a.kind === 'vacation' && a.declined)).toHaveLength(2);
      expect(left.filter((a) => a.kind === 'sick')).toHaveLength(1);
      const linked = await db.select({ reference: tasks.reference }).from(tasks).where(sql`reference like 'absence:%' and title = 'Urlaubsantrag'`);
      expect(linked.map((t) => t.reference)).toEqual([`absence:${rows[0]!.id}`]);
    } finally {
      await database.close();
    }
  });
});
