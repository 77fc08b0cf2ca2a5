import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/platform/db.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo.ts';
import { startServer, type ServerProcess } from './server-process.ts';

/**
 * Crash safety of acknowledged writes: the real server takes vacation requests, decisions,
 * withdrawals, sick reports, tasks and calendar entries from several people at once and is killed
 * with SIGKILL at a random moment. After each restart on the same data every write that was
 * answered with 2xx must be there, no vacation request may lack its approval task, and the
 * server must come up by itself (on PGlite taking over the lock file of the dead process).
 * SECURITY_SEED repeats the moments of a run; SECURITY_LONG=1 (`npm run test:security`) runs 200
 * cycles instead of 3, CRASH_CYCLES any number.
 */

const LONG = process.env.SECURITY_LONG === '1';
const CYCLES = Number(process.env.CRASH_CYCLES || (LONG ? 200 : 3));
const SEED = Number(process.env.SECURITY_SEED || randomInt(1, 2 ** 31));
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);

/** mulberry32: small, seedable, good enough to pick moments and choices. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** The kill moments draw from their own sequence, so the workers' timing-dependent picks cannot shift them. */
const moment = prng(SEED);
const choice = prng(SEED ^ 0x5bd1e995);
const pick = <T>(list: T[]): T => list[Math.floor(choice() * list.length)]!;

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** Far enough ahead that nothing of the demo company lies there; 2030-01-07 is a Monday. */
const VACATION_FROM = '2030-01-07';
const SICK_FROM = '2031-01-01';
const CALENDAR_FROM = '2032-01-01';
const TASK_TITLE = `Absturztest ${SEED}`;

const VACATIONERS = ['verkauf', 'azubi', 'aushilfe', 'bodenleger', 'lagerist'].map((r) => `${r}@example.com`);
const LOGINS = [...VACATIONERS, 'personalleitung@example.com', 'filialleitung@example.com'];

type VacationState = 'open' | 'approved' | 'declined' | 'deleted';
interface Vacation {
  owner: string;
  startDate: string;
  state: VacationState;
  /** A decision or withdrawal sent but never answered: either state may have been kept. */
  maybe?: VacationState;
  busy?: boolean;
}

/** Direct access to the database for the checks (PGlite only while no server holds it). */
interface Store {
  rows<T>(query: SQL): Promise<T[]>;
  database: Database;
}
async function openStore(where: { dir?: string; url?: string }): Promise<Store> {
  const database = where.url ? await openPostgres(where.url, 2) : await openPglite(where.dir!);
  return {
    database,
    async rows<T>(query: SQL) {
      const result = (await database.db.execute(query)) as unknown as { rows: T[] };
      return result.rows;
    },
  };
}

describe(`kill -9 during writes (${ON_POSTGRES ? 'PostgreSQL' : 'PGlite'})`, () => {
  let tmp: string;
  let dataDir: string;
  let dbDir: string;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let server: ServerProcess | undefined;
  /** PostgreSQL: one pool for the checks, beside the server's. */
  let pgStore: Store | undefined;

  const ids = new Map<string, string>();
  let sickTargets: string[] = [];
  let calendarTargets: string[] = [];
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'filialportal-crash-'));
    dataDir = path.join(tmp, 'data');
    dbDir = path.join(dataDir, 'db');
    if (ON_POSTGRES) {
      const name = `fp_crash_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      dropDatabase = async () => {
        const a = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      };
    }
    // The first start seeds the demo company; every later one finds it in place.
    server = await startServer({ dataDir, databaseUrl });
    if (databaseUrl) pgStore = await openStore({ url: databaseUrl });
    const get = async (email: string, url: string) => {
      const res = await fetch(`${server!.base}${url}`, { headers: { authorization: `Bearer ${tokens.get(email)}` } });
      expect(res.status, `${email} GET ${url}`).toBe(200);
      return (await res.json()) as Record<string, unknown>;
    };
    await Promise.all(
      LOGINS.map(async (email) => {
        const res = await fetch(`${server!.base}/api/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: email, password: DEMO_PASSWORD }),
        });
        expect(res.status, `login ${email}`).toBe(200);
        tokens.set(email, ((await res.json()) as { token: string }).token);
        ids.set(email, ((await get(email, '/api/user')) as { user: { id: string } }).user.id);
      }),
    );
    const everyone = (await get('personalleitung@example.com', '/api/user/listall')).users as { id: string; locationLabel: string }[];
    const staffOf = (location: string) => everyone.filter((u) => u.locationLabel === location).slice(0, 4).map((u) => u.id);
    sickTargets = staffOf('Filiale Hamburg');
    calendarTargets = staffOf('Filiale Düsseldorf');
    expect(sickTargets).toHaveLength(4);
    expect(calendarTargets).toHaveLength(4);
  }, 180_000);

  afterAll(async () => {
    await server?.kill9();
    await pgStore?.database.close();
    await dropDatabase?.();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }, 60_000);

  it(`keeps every acknowledged write over ${CYCLES} crashes`, { timeout: LONG ? 4 * 3600_000 : 300_000 }, async () => {
    console.log(`crash test on ${ON_POSTGRES ? 'PostgreSQL' : 'PGlite'}: seed ${SEED}, ${CYCLES} cycles (SECURITY_SEED=${SEED} repeats the moments)`);
    const vacations = new Map<string, Vacation>();
    const sick = new Map<string, { userId: string; startDate: string; endDate: string }>();
    const tasks = new Map<string, number>();
    const cells = new Map<string, number>();
    const next = { week: new Map<string, number>(), sick: new Map<string, number>(), cell: new Map<string, number>(), task: 0 };
    const counter = (m: Map<string, number>, key: string) => {
      const n = m.get(key) ?? 0;
      m.set(key, n + 1);
      return n;
    };
    const totals = { acknowledged: 0, unanswered: 0, restartMs: [] as number[] };
    const removals: Promise<void>[] = [];

    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      const where = `seed ${SEED}, cycle ${cycle}`;
      const live = server!;
      let crashed = false;
      const unexpected: string[] = [];

      /** One request; null when the server went away before answering. */
      async function call(email: string, method: string, url: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> } | null> {
        try {
          const res = await fetch(`${live.base}${url}`, {
            method,
            headers: { authorization: `Bearer ${tokens.get(email)}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          const text = await res.text();
          const answer = { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
          if (answer.status >= 300) unexpected.push(`${method} ${url} → ${answer.status} ${text}`);
          else totals.acknowledged++;
          return answer;
        } catch (err) {
          if (!crashed) unexpected.push(`${method} ${url} → ${(err as Error).message}`);
          totals.unanswered++;
          return null;
        }
      }
      const ok = (a: { status: number } | null): a is { status: number; body: Record<string, unknown> } => a !== null && a.status < 300;

      const workers: (() => Promise<void>)[] = [
        // Each person asks for one week after the other: never overlapping, answered 200 or 224.
        ...VACATIONERS.map((email) => async () => {
          while (!crashed) {
            const startDate = addDays(VACATION_FROM, 7 * counter(next.week, email));
            const a = await call(email, 'POST', '/api/appointment', { appointment: { userId: ids.get(email), startDate, endDate: addDays(startDate, 4) } });
            if (ok(a)) vacations.set((a.body.appointment as { id: string }).id, { owner: email, startDate, state: 'open' });
          }
        }),
        // Personalleitung decides open requests; their owners withdraw others.
        async () => {
          while (!crashed) {
            const open = [...vacations].filter(([, v]) => v.state === 'open' && !v.maybe && !v.busy);
            if (!open.length) {
              await new Promise((r) => setTimeout(r, 10));
              continue;
            }
            const [id, v] = pick(open);
            const action = pick<VacationState>(['approved', 'declined', 'deleted']);
            v.busy = true;
            const a =
              action === 'deleted'
                ? await call(v.owner, 'DELETE', `/api/appointment/${id}`)
                : await call('personalleitung@example.com', 'PUT', `/api/updateabsence/${id}/${action === 'approved' ? 1 : 0}`);
            v.busy = false;
            if (ok(a)) v.state = action;
            else if (a === null) v.maybe = action;
          }
        },
        async () => {
          while (!crashed) {
            const userId = pick(sickTargets);
            const startDate = addDays(SICK_FROM, 3 * counter(next.sick, userId));
            const endDate = addDays(startDate, 1);
            const a = await call('personalleitung@example.com', 'POST', '/api/sickreport', { sickReport: { userId, startDate, endDate } });
            if (ok(a)) sick.set((a.body.sickReport as { id: string }).id, { userId, startDate, endDate });
          }
        },
        async () => {
          while (!crashed) {
            const recipients = [ids.get('verkauf@example.com')!, ids.get('azubi@example.com')!];
            const a = await call('filialleitung@example.com', 'POST', '/api/task', {
              title: `${TASK_TITLE} ${next.task++}`,
              deadline: addDays(VACATION_FROM, cycle),
              users: recipients,
              subtasks: [{ name: 'Prüfen' }],
            });
            if (ok(a)) tasks.set((a.body.task as { id: string }).id, recipients.length);
          }
        },
        async () => {
          while (!crashed) {
            const userId = pick(calendarTargets);
            const date = addDays(CALENDAR_FROM, counter(next.cell, userId));
            const status = pick([7, 71, 72, 9, 5]);
            const a = await call('personalleitung@example.com', 'POST', '/api/locationappointment', { locationAppointment: { userId, date, status } });
            if (ok(a)) cells.set(`${userId} ${date}`, status);
          }
        },
      ];

      // Somewhere in the first two seconds: the slow first requests after a start included.
      const running = workers.map((w) => w());
      await new Promise((r) => setTimeout(r, Math.floor(moment() * 2000)));
      crashed = true;
      await live.kill9();
      await Promise.all(running);
      expect(await live.exited, where).toEqual({ code: null, signal: 'SIGKILL' });
      expect(unexpected, `${where}: answers during the load`).toEqual([]);

      // PGlite: the dead process's lock file is still there; the new one must take it over.
      if (!ON_POSTGRES) expect(fs.readFileSync(path.join(dbDir, 'filialportal.lock'), 'utf8').split('\n')[0], where).toBe(String(live.pid));
      // What the restarted server recovers is what a copy of the crashed files recovers to: the
      // checks read the copy while the server starts on the original.
      const copy = path.join(tmp, `copy-${cycle}`);
      if (!ON_POSTGRES) fs.cpSync(dbDir, copy, { recursive: true });
      const started = Date.now();
      // Settled both ways, so that a failing check never leaves a started server behind.
      const [restart, checked] = await Promise.allSettled([
        startServer({ dataDir, databaseUrl }).then((s) => {
          totals.restartMs.push(Date.now() - started);
          return (server = s);
        }),
        (async () => {
          const store = pgStore ?? (await openStore({ dir: copy }));
          try {
            return await check(store);
          } finally {
            if (store !== pgStore) {
              await store.database.close();
              removals.push(fs.promises.rm(copy, { recursive: true, force: true }));
            }
          }
        })(),
      ]);
      if (restart.status === 'rejected') throw restart.reason;
      if (checked.status === 'rejected') throw checked.reason;
      const problems = checked.value;
      expect(problems, where).toEqual([]);
      expect(server!.output(), `${where}: start after the crash`).not.toMatch(/"level":(50|60)/);
      if (!ON_POSTGRES) expect(fs.readFileSync(path.join(dbDir, 'filialportal.lock'), 'utf8').split('\n')[0], where).toBe(String(server!.pid));
      // The sessions were acknowledged too: every token still works.
      const sessions = await Promise.all(
        [...tokens].map(async ([email, token]) => `${email} ${(await fetch(`${server!.base}/api/user`, { headers: { authorization: `Bearer ${token}` } })).status}`),
      );
      expect(sessions, where).toEqual([...tokens.keys()].map((email) => `${email} 200`));
      if (LONG && cycle % 25 === 0) console.log(`crash test: ${cycle} cycles, ${totals.acknowledged} writes acknowledged`);
    }

    await Promise.all(removals);
    // Finally the graceful way: exit code 0, lock released, and the same checks on the files.
    expect(await server!.stop()).toBe(0);
    server = undefined;
    if (!ON_POSTGRES) expect(fs.existsSync(path.join(dbDir, 'filialportal.lock'))).toBe(false);
    const store = pgStore ?? (await openStore({ dir: dbDir }));
    try {
      expect(await check(store), `seed ${SEED}, after the last cycle`).toEqual([]);
    } finally {
      if (store !== pgStore) await store.database.close();
    }
    const ms = totals.restartMs.sort((a, b) => a - b);
    console.log(
      `crash test: ${CYCLES} cycles, ${totals.acknowledged} writes acknowledged, ${totals.unanswered} cut off by the kill; ` +
        `${vacations.size} vacation requests, ${sick.size} sick reports, ${tasks.size} tasks, ${cells.size} calendar entries; ` +
        `restart ${ms[0]}–${ms[ms.length - 1]} ms (median ${ms[Math.floor(ms.length / 2)]})`,
    );

    /** Every acknowledged write present, every request with its task; the problems found. */
    async function check(store: Store): Promise<string[]> {
      const problems: string[] = [];
      const owners = VACATIONERS.map((e) => ids.get(e)!);
      const requests = await store.rows<{ id: string; approved: boolean; declined: boolean; tasks: number; assignments: number; open: number }>(sql`
        select a.id, a.approved, a.declined, count(distinct t.id)::int as tasks, count(ta.id)::int as assignments,
               count(ta.id) filter (where ta.completed_at is null)::int as open
        from absences a
        left join tasks t on t.reference = 'absence:' || a.id::text
        left join task_assignments ta on ta.task_id = t.id
        where a.kind = 'vacation' and a.user_id in ${owners}
        group by a.id`);
      const found = new Map(requests.map((r) => [r.id, r]));
      for (const r of requests) {
        if (r.tasks !== 1 || r.assignments === 0) problems.push(`vacation ${r.id}: ${r.tasks} approval tasks with ${r.assignments} recipients`);
        const decided = r.approved || r.declined;
        if (!decided && r.open === 0) problems.push(`vacation ${r.id}: open, but its task is done`);
        if (decided && r.open > 0) problems.push(`vacation ${r.id}: decided, but its task is still open`);
      }
      for (const [id, v] of vacations) {
        const r = found.get(id);
        const state: VacationState = !r ? 'deleted' : r.approved ? 'approved' : r.declined ? 'declined' : 'open';
        if (state === v.state) delete v.maybe;
        else if (v.maybe === state) {
          v.state = state;
          delete v.maybe;
        } else problems.push(`vacation ${id} (${v.owner}, ${v.startDate}): acknowledged as ${v.state}, found ${state}`);
      }
      const orphans = await store.rows<{ n: number }>(
        sql`select count(*)::int as n from tasks t where t.reference like 'absence:%' and not exists (select 1 from absences a where 'absence:' || a.id::text = t.reference)`,
      );
      if (orphans[0]!.n) problems.push(`${orphans[0]!.n} approval tasks without their request`);
      const empty = await store.rows<{ n: number }>(sql`select count(*)::int as n from tasks t where not exists (select 1 from task_assignments ta where ta.task_id = t.id)`);
      if (empty[0]!.n) problems.push(`${empty[0]!.n} tasks without recipients`);

      const reports = await store.rows<{ id: string; user_id: string; start_date: string; end_date: string }>(
        sql`select id, user_id, start_date::text as start_date, end_date::text as end_date from absences where kind = 'sick' and start_date >= ${SICK_FROM}`,
      );
      const reportOf = new Map(reports.map((r) => [r.id, r]));
      for (const [id, s] of sick) {
        const r = reportOf.get(id);
        if (!r || r.user_id !== s.userId || r.start_date !== s.startDate || r.end_date !== s.endDate) problems.push(`sick report ${id} (${s.startDate}): acknowledged, ${r ? 'changed' : 'missing'}`);
      }
      const taskRows = await store.rows<{ id: string; recipients: number; subtasks: number }>(sql`
        select t.id, (select count(*)::int from task_assignments ta where ta.task_id = t.id) as recipients,
               (select count(*)::int from task_subtasks s where s.task_id = t.id) as subtasks
        from tasks t where t.title like ${`${TASK_TITLE} %`}`);
      const taskOf = new Map(taskRows.map((r) => [r.id, r]));
      for (const [id, recipients] of tasks) {
        const r = taskOf.get(id);
        if (!r || r.recipients !== recipients || r.subtasks !== 1) problems.push(`task ${id}: acknowledged, ${r ? `${r.recipients} recipients, ${r.subtasks} subtasks` : 'missing'}`);
      }
      const entries = await store.rows<{ user_id: string; date: string; status: number }>(
        sql`select user_id, date::text as date, status from calendar_entries where date >= ${CALENDAR_FROM}`,
      );
      const cellOf = new Map(entries.map((e) => [`${e.user_id} ${e.date}`, e.status]));
      for (const [key, status] of cells) if (cellOf.get(key) !== status) problems.push(`calendar ${key}: acknowledged ${status}, found ${cellOf.get(key) ?? 'nothing'}`);
      return problems;
    }
  });
});
