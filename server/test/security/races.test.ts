import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, like, sql } from 'drizzle-orm';
import pg from 'pg';
import { publicHolidays } from '@filialportal/core/holidays';
import { MSG } from '@filialportal/core/messages';
import { absences } from '../../src/modules/absences/absences.table.ts';
import { calendarEntries, locationInfos } from '../../src/modules/calendar/calendar.table.ts';
import { claimListEntries, claimStatuses, colorLabels, manufacturers } from '../../src/modules/lists/lists.table.ts';
import { locations } from '../../src/modules/locations/locations.table.ts';
import { tasks } from '../../src/modules/tasks/tasks.table.ts';
import { userGroups } from '../../src/modules/teams/teams.table.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { buildTestApp, type TestContext } from '../helpers.ts';

/**
 * Identical requests sent at the same moment (double clicks, retries, two tabs) must not slip
 * past a uniqueness rule. They go through a listening server, so on PostgreSQL they run side by
 * side on the connection pool; the last test shows that this harness really does race there.
 */

let t: TestContext;
let base: string;
const onPostgres = Boolean(process.env.DATABASE_URL);
/** Connections of the test database's pool (server/test/helpers.ts). */
const POOL_SIZE = 4;
const NEXT = new Date().getUTCFullYear() + 1;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (date: string, n: number) => iso(new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000));
/** Mondays of next year whose Monday to Friday hold no public holiday in NW (Köln, the Zentrallager). */
const freeWeeks = (() => {
  const holidays = publicHolidays('NW', NEXT);
  let d = `${NEXT}-01-01`;
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 1) d = addDays(d, 1);
  const out: string[] = [];
  for (; d.startsWith(String(NEXT)); d = addDays(d, 7)) if ([0, 1, 2, 3, 4].every((i) => !holidays.has(addDays(d, i)))) out.push(d);
  return out;
})();
const week = (n: number) => freeWeeks[n]!;

const id = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

type Answer = { status: number; body: { error?: { code: string; message: string } } & Record<string, unknown> };

/** Fires all requests at once over HTTP and waits for every answer. */
async function burst(email: string, requests: { method: string; url: string; body?: unknown }[]): Promise<Answer[]> {
  const token = await t.login(email);
  return Promise.all(
    requests.map(async (r) => {
      const res = await fetch(`${base}${r.url}`, {
        method: r.method,
        headers: { authorization: `Bearer ${token}`, ...(r.body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: r.body === undefined ? undefined : JSON.stringify(r.body),
      });
      return { status: res.status, body: (await res.json()) as Answer['body'] };
    }),
  );
}
const same = <T>(n: number, r: T) => Array.from({ length: n }, () => r);
const statuses = (answers: Answer[]) => answers.map((a) => a.status).sort();
/** Every answer but the winner's: status and message, once each. */
const refusals = (answers: Answer[], ok: (s: number) => boolean) =>
  [...new Set(answers.filter((a) => !ok(a.status)).map((a) => `${a.status} ${a.body.error?.message}`))].sort();
const created = (s: number) => s === 200 || s === 224;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  // Monday to Friday are working days for the people below, whatever the demo gave them.
  await t.db
    .update(users)
    .set({ freeDays: ['', '', '', '', '', 'Sa', 'So'] })
    .where(inArray(users.email, ['verkauf@example.com', 'azubi@example.com', 'aushilfe@example.com', 'bodenleger@example.com', 'lagerist@example.com']));
  // Their vacation starts empty: the demo's requests and their approval tasks give way, so the
  // tests below count only what they create.
  const people = t.db.select({ id: users.id }).from(users).where(inArray(users.email, ['verkauf@example.com', 'azubi@example.com', 'aushilfe@example.com', 'bodenleger@example.com', 'lagerist@example.com']));
  const gone = await t.db.delete(absences).where(and(eq(absences.kind, 'vacation'), inArray(absences.userId, people))).returning({ id: absences.id });
  if (gone.length) await t.db.delete(tasks).where(inArray(tasks.reference, gone.map((g) => `absence:${g.id}`)));
});
afterAll(() => t?.close());

/** Vacation rows of a person and, per row, the number of approval tasks pointing at it. */
async function vacationOf(userId: string) {
  const rows = await t.db.select({ id: absences.id, declined: absences.declined }).from(absences).where(and(eq(absences.kind, 'vacation'), eq(absences.userId, userId)));
  const taskCounts = await Promise.all(
    rows.map(async (r) => (await t.db.select({ n: count() }).from(tasks).where(eq(tasks.reference, `absence:${r.id}`)))[0]!.n),
  );
  return { rows, taskCounts };
}

/** Tasks that point at an absence which does not exist (left behind by a refused request). */
const orphanTasks = async () =>
  (
    await t.db
      .select({ n: count() })
      .from(tasks)
      .where(and(like(tasks.reference, 'absence:%'), sql`not exists (select 1 from absences a where 'absence:' || a.id::text = ${tasks.reference})`))
  )[0]!.n;

describe('parallel vacation requests', () => {
  it('50 identical requests: one created with one approval task, 49 × 422 with the spec message', async () => {
    const me = await id('verkauf@example.com');
    const monday = week(0);
    const answers = await burst('verkauf@example.com', same(50, { method: 'POST', url: '/api/appointment', body: { appointment: { userId: me, startDate: monday, endDate: addDays(monday, 4) } } }));
    expect(answers.filter((a) => created(a.status))).toHaveLength(1);
    expect(refusals(answers, created)).toEqual([`422 ${MSG.vacationDuplicate}`]);
    const { rows, taskCounts } = await vacationOf(me);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe((answers.find((a) => created(a.status))!.body.appointment as { id: string }).id);
    expect(taskCounts).toEqual([1]);
    expect(await orphanTasks()).toBe(0);
  });

  it('different but overlapping periods (all share one Wednesday), 4 rounds of 30: exactly one created per round', async () => {
    const me = await id('azubi@example.com');
    for (const n of [1, 2, 3, 4]) {
      const wednesday = addDays(week(n), 2);
      const periods = Array.from({ length: 30 }, (_, i) => ({ startDate: addDays(wednesday, -(i % 3)), endDate: addDays(wednesday, Math.floor(i / 3) % 3) }));
      const answers = await burst('azubi@example.com', periods.map((p) => ({ method: 'POST', url: '/api/appointment', body: { appointment: { userId: me, ...p } } })));
      expect(answers.filter((a) => created(a.status))).toHaveLength(1);
      expect(refusals(answers, created)).toEqual([`422 ${MSG.vacationDuplicate}`]);
    }
    const { rows, taskCounts } = await vacationOf(me);
    expect(rows).toHaveLength(4);
    expect(taskCounts).toEqual([1, 1, 1, 1]);
    expect(await orphanTasks()).toBe(0);
  });

  it('periods that do not overlap are all created, each with its task', async () => {
    const me = await id('aushilfe@example.com');
    const weeks = Array.from({ length: 8 }, (_, i) => week(5 + i));
    const answers = await burst('aushilfe@example.com', weeks.map((m) => ({ method: 'POST', url: '/api/appointment', body: { appointment: { userId: me, startDate: m, endDate: addDays(m, 1) } } })));
    expect(answers.every((a) => created(a.status))).toBe(true);
    const { rows, taskCounts } = await vacationOf(me);
    expect(rows).toHaveLength(8);
    expect(taskCounts).toEqual(same(8, 1));
  });
});

describe('parallel sick reports', () => {
  let employee: string;
  beforeAll(async () => {
    // Someone in Hamburg with no report next year: the demo only fills this year.
    const [hh] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.name, 'Filiale Hamburg'));
    employee = (await t.db.select({ id: users.id }).from(users).where(eq(users.locationId, hh!.id)).limit(1))[0]!.id;
  });
  const sickRows = async () =>
    t.db.select({ id: absences.id, startDate: absences.startDate }).from(absences).where(and(eq(absences.kind, 'sick'), eq(absences.userId, employee), sql`${absences.startDate} >= ${`${NEXT}-01-01`}`));

  it('30 identical reports: one created, 29 × 422 with the spec message', async () => {
    const period = { userId: employee, startDate: `${NEXT}-02-09`, endDate: `${NEXT}-02-11` };
    const answers = await burst('personalleitung@example.com', same(30, { method: 'POST', url: '/api/sickreport', body: { sickReport: period } }));
    expect(statuses(answers)).toEqual([200, ...same(29, 422)]);
    expect(refusals(answers, (s) => s === 200)).toEqual([`422 ${MSG.sickDuplicate}`]);
    const rows = await sickRows();
    expect(rows.map((r) => r.id)).toEqual([(answers.find((a) => a.status === 200)!.body.sickReport as { id: string }).id]);
  });

  it('different but overlapping periods, 6 rounds of 20: exactly one created per round', async () => {
    for (const [round, day] of [`${NEXT}-05-20`, `${NEXT}-06-17`, `${NEXT}-07-15`, `${NEXT}-08-19`, `${NEXT}-09-16`, `${NEXT}-10-21`].entries()) {
      const answers = await burst(
        'personalleitung@example.com',
        Array.from({ length: 20 }, (_, i) => ({ method: 'POST', url: '/api/sickreport', body: { sickReport: { userId: employee, startDate: addDays(day, -(i % 5)), endDate: addDays(day, Math.floor(i / 5)) } } })),
      );
      expect(refusals(answers, (s) => s === 200), `round ${round}`).toEqual([`422 ${MSG.sickDuplicate}`]);
      expect(statuses(answers)).toEqual([200, ...same(19, 422)]);
    }
    expect(await sickRows()).toHaveLength(7);
  });
});

describe('parallel creates of one name', () => {
  const expectOneWinner = (answers: Answer[], ...messages: string[]) => {
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const r of refusals(answers, (s) => s === 200)) expect(messages.map((m) => `409 ${m}`)).toContain(r);
  };
  const location = { name: 'Filiale Bonn', shortName: 'BN', street: 'Poststraße 1', zip: '53111', city: 'Bonn', region: 'NW', ip: '127.0.0.1', position: 20 };

  it('locations', async () => {
    const answers = await burst('admin@example.com', same(20, { method: 'POST', url: '/api/location', body: { location } }));
    expectOneWinner(answers, MSG.locationNameTaken);
    expect((await t.db.select({ n: count() }).from(locations).where(eq(locations.name, location.name)))[0]!.n).toBe(1);
  });

  it('user groups', async () => {
    const answers = await burst('admin@example.com', same(20, { method: 'POST', url: '/api/team', body: { team: { name: 'Inventurteam' } } }));
    expectOneWinner(answers, MSG.groupNameTaken);
    expect((await t.db.select({ n: count() }).from(userGroups).where(eq(userGroups.name, 'Inventurteam')))[0]!.n).toBe(1);
  });

  it('manufacturers', async () => {
    const answers = await burst('admin@example.com', same(20, { method: 'POST', url: '/api/manufacturer', body: { name: 'Parkettwerk Ost' } }));
    expectOneWinner(answers, MSG.nameTaken);
    expect((await t.db.select({ n: count() }).from(manufacturers).where(eq(manufacturers.name, 'Parkettwerk Ost')))[0]!.n).toBe(1);
  });

  it('colour labels', async () => {
    const answers = await burst('admin@example.com', same(20, { method: 'POST', url: '/api/color', body: { color: { name: 'Abverkauf', hex: '#ffc9c9' } } }));
    expectOneWinner(answers, MSG.nameTaken);
    expect((await t.db.select({ n: count() }).from(colorLabels).where(eq(colorLabels.name, 'Abverkauf')))[0]!.n).toBe(1);
  });

  it('claim statuses', async () => {
    const answers = await burst('admin@example.com', same(20, { method: 'POST', url: '/api/status', body: { status: { name: 'Rückfrage' } } }));
    expectOneWinner(answers, MSG.nameTaken);
    expect((await t.db.select({ n: count() }).from(claimStatuses).where(eq(claimStatuses.name, 'Rückfrage')))[0]!.n).toBe(1);
  });

  it('claim dropdown entries, per list: the same name in two lists is two entries', async () => {
    const answers = await burst('admin@example.com', [
      ...same(10, { method: 'POST', url: '/api/claimdropdownreason', body: { name: 'Geruch' } }),
      ...same(10, { method: 'POST', url: '/api/claimdropdownquality', body: { name: 'Geruch' } }),
    ]);
    expectOneWinner(answers.slice(0, 10), MSG.nameTaken);
    expectOneWinner(answers.slice(10), MSG.nameTaken);
    const rows = await t.db.select({ kind: claimListEntries.kind }).from(claimListEntries).where(eq(claimListEntries.name, 'Geruch'));
    expect(rows.map((r) => r.kind).sort()).toEqual(['quality', 'reason']);
  });
});

describe('parallel calendar writes', () => {
  it('30 entries for one person and day: all saved, one row holding one of the sent statuses', async () => {
    const person = await id('lagerist@example.com');
    const date = addDays(week(20), 1);
    const sent = [7, 71, 72, 9, 5];
    const answers = await burst(
      'personalleitung@example.com',
      Array.from({ length: 30 }, (_, i) => ({ method: 'POST', url: '/api/locationappointment', body: { locationAppointment: { userId: person, date, status: sent[i % sent.length] } } })),
    );
    expect(statuses(answers)).toEqual(same(30, 200));
    const rows = await t.db.select({ status: calendarEntries.status }).from(calendarEntries).where(and(eq(calendarEntries.userId, person), eq(calendarEntries.date, date)));
    expect(rows).toHaveLength(1);
    expect(sent).toContain(rows[0]!.status);
  });

  it('30 info rows for one location and day: all saved, one row', async () => {
    const [koeln] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.name, 'Filiale Köln'));
    const date = addDays(week(20), 3);
    const answers = await burst(
      'personalleitung@example.com',
      Array.from({ length: 30 }, (_, i) => ({ method: 'POST', url: '/api/locationinfo', body: { locationInfo: { locationId: koeln!.id, date, info: `Lieferung ${i}` } } })),
    );
    expect(statuses(answers)).toEqual(same(30, 200));
    const rows = await t.db.select({ info: locationInfos.info }).from(locationInfos).where(and(eq(locationInfos.locationId, koeln!.id), eq(locationInfos.date, date)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.info).toMatch(/^Lieferung \d+$/);
  });
});

/**
 * Requests held at the door of the absences table until every pool connection carries one, then
 * let in together: the moment the database checks the overlap rule for several new rows at once.
 * Only a second connection of the test's own can hold that door, so this runs on PostgreSQL.
 */
describe.runIf(onPostgres)('overlapping absences lined up at the insert (PostgreSQL)', () => {
  let gate: pg.Client;
  beforeAll(async () => {
    const pool = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client;
    gate = new pg.Client({ connectionString: pool.options.connectionString });
    await gate.connect();
  });
  afterAll(() => gate?.end());

  async function linedUp(email: string, requests: { method: string; url: string; body?: unknown }[]) {
    await gate.query('begin');
    // SHARE lets the service's reads through and holds every insert.
    await gate.query('lock table absences in share mode');
    const answers = burst(email, requests);
    for (let waited = 0; waited < 3000; waited += 20) {
      // Activity is read once per transaction unless the snapshot is dropped.
      await gate.query('select pg_stat_clear_snapshot()');
      const { rows } = await gate.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
      );
      if (rows[0]!.n >= Math.min(requests.length, POOL_SIZE)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await gate.query('commit');
    return answers;
  }

  it('sick reports, 20 rounds of 8 overlapping periods: one created per round, the rest 422, never a 500', async () => {
    const [hh] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.name, 'Filiale Hamburg'));
    const employee = (await t.db.select({ id: users.id }).from(users).where(eq(users.locationId, hh!.id)).limit(1).offset(1))[0]!.id;
    for (let round = 0; round < 20; round++) {
      const day = addDays(`${NEXT + 1}-01-12`, round * 14);
      const answers = await linedUp(
        'personalleitung@example.com',
        Array.from({ length: 8 }, (_, i) => ({ method: 'POST', url: '/api/sickreport', body: { sickReport: { userId: employee, startDate: addDays(day, -(i % 4)), endDate: addDays(day, i % 3) } } })),
      );
      expect(refusals(answers, (s) => s === 200), `round ${round}`).toEqual([`422 ${MSG.sickDuplicate}`]);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    }
  });

  it('vacation requests, 20 rounds of 8 overlapping periods: one created per round with its task, the rest 422, never a 500', async () => {
    const me = await id('bodenleger@example.com');
    for (let round = 0; round < 20; round++) {
      const wednesday = addDays(week(13 + round), 2);
      const answers = await linedUp(
        'bodenleger@example.com',
        Array.from({ length: 8 }, (_, i) => ({ method: 'POST', url: '/api/appointment', body: { appointment: { userId: me, startDate: addDays(wednesday, -(i % 3)), endDate: addDays(wednesday, i % 3) } } })),
      );
      expect(refusals(answers, created), `round ${round}`).toEqual([`422 ${MSG.vacationDuplicate}`]);
      expect(answers.filter((a) => created(a.status))).toHaveLength(1);
    }
    const { rows, taskCounts } = await vacationOf(me);
    expect(rows).toHaveLength(20);
    expect(taskCounts).toEqual(same(20, 1));
    expect(await orphanTasks()).toBe(0);
  });
});

describe('the harness races', () => {
  // Without the database's rule the service's own check lets parallel requests through, as it
  // did before: proof that the tests above would notice a missing constraint. PGlite answers
  // one query at a time, so only PostgreSQL is held to it.
  it.runIf(onPostgres)('without absences_vacation_no_overlap, 50 parallel requests create more than one row', async () => {
    await t.db.execute(sql`alter table absences drop constraint absences_vacation_no_overlap`);
    const me = await id('lagerist@example.com');
    const monday = week(33);
    const answers = await burst('lagerist@example.com', same(50, { method: 'POST', url: '/api/appointment', body: { appointment: { userId: me, startDate: monday, endDate: addDays(monday, 4) } } }));
    expect(answers.filter((a) => created(a.status)).length).toBeGreaterThan(1);
    expect((await vacationOf(me)).rows.length).toBeGreaterThan(1);
  });
});
