import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { limitedDaysMessage } from '@filialportal/core/absences';
import { publicHolidays } from '@filialportal/core/holidays';
import { absences, blockedPeriods } from '../../src/modules/absences/absences.table.ts';
import { taskAssignments, tasks } from '../../src/modules/tasks/tasks.table.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { locations } from '../../src/modules/locations/locations.table.ts';
import { userGroups } from '../../src/modules/teams/teams.table.ts';
import { buildTestApp, readOutbox, type TestContext } from '../helpers.ts';
import { readXlsx } from '../xlsx.ts';

let t: TestContext;
let verkauf: string;
const NEXT = new Date().getUTCFullYear() + 1;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (date: string, n: number) => iso(new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000));
/** Fronleichnam of next year (a Thursday, a holiday in NW) and the Monday and Sunday of its week. */
const corpusChristi = [...publicHolidays('NW', NEXT)].find(([, name]) => name === 'Fronleichnam')![0];
const weekStart = addDays(corpusChristi, -3);
const weekEnd = addDays(corpusChristi, 3);
const fmt = (d: string) => d.split('-').reverse().join('.');
/** A Saturday in June of next year. */
const saturday = (() => {
  let d = `${NEXT}-06-01`;
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 6) d = addDays(d, 1);
  return d;
})();
beforeAll(async () => {
  t = await buildTestApp();
  const [u] = await t.db.select().from(users).where(eq(users.email, 'verkauf@example.com'));
  verkauf = u!.id;
  await t.db.update(users).set({ freeDays: ['', '', '', '', '', 'Sa', 'So'], holidayContingent: 30 }).where(eq(users.id, verkauf));
});
afterAll(() => t.close());

const vacationCount = async () => (await t.db.select({ n: count() }).from(absences))[0]!.n;
const request = async (email: string, a: Record<string, unknown>) =>
  t.as(await t.login(email), { method: 'POST', url: '/api/appointment', payload: { appointment: { userId: a.userId ?? verkauf, ...a } } });

describe('POST /api/appointment', () => {
  let id: string;

  it('counts the working days without free days and regional holidays (Fronleichnam in NW)', async () => {
    const res = await request('verkauf@example.com', { startDate: weekStart, endDate: weekEnd });
    expect(res.statusCode).toBe(200);
    const a = res.json().appointment;
    id = a.id;
    expect(a).toMatchObject({ countDays: 4, state: 'offen', status: '3', statusLabel: 'Urlaub', startDateFormated: fmt(weekStart), approved: false });
    expect(a.userData).toMatch(/, Filiale Köln, \d+$/);
  });

  it('gives the approver of the same branch a locked task linked to the request', async () => {
    const [task] = await t.db.select().from(tasks).where(eq(tasks.reference, `absence:${id}`));
    expect(task).toMatchObject({ locked: true, link: '/urlaub/1' });
    const recipients = await t.db
      .select({ email: users.email })
      .from(taskAssignments)
      .innerJoin(users, eq(users.id, taskAssignments.userId))
      .where(eq(taskAssignments.taskId, task!.id));
    expect(recipients.map((r) => r.email)).toEqual(['filialleitung@example.com']);
  });

  it('422 for an overlapping request, nothing saved', async () => {
    const before = await vacationCount();
    const res = await request('verkauf@example.com', { startDate: addDays(corpusChristi, 1), endDate: addDays(corpusChristi, 6) });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(MSG.vacationDuplicate);
    expect(await vacationCount()).toBe(before);
  });

  it('224 beyond the remaining days: created, and withdrawing removes it and its task', async () => {
    const res = await request('verkauf@example.com', { startDate: `${NEXT}-07-01`, endDate: `${NEXT}-09-30` });
    expect(res.statusCode).toBe(224);
    const body = res.json();
    expect(body.message).toBe(limitedDaysMessage(body.available));
    expect(body.message).toMatch(/^Nur noch \d+ Tage verfügbar\. Antrag trotzdem stellen\?$/);
    const newId = body.appointment.id;
    expect((await t.db.select().from(tasks).where(eq(tasks.reference, `absence:${newId}`))).length).toBe(1);
    const del = await t.as(await t.login('verkauf@example.com'), { method: 'DELETE', url: `/api/appointment/${newId}` });
    expect(del.statusCode).toBe(204);
    expect((await t.db.select().from(absences).where(eq(absences.id, newId))).length).toBe(0);
    expect((await t.db.select().from(tasks).where(eq(tasks.reference, `absence:${newId}`))).length).toBe(0);
  });

  it.each([
    [{ startDate: '', endDate: `${NEXT}-06-10` }, MSG.vacationDatesRequired],
    [{ startDate: `${NEXT}-06-10`, endDate: `${NEXT}-06-09` }, MSG.endBeforeStart],
    [{ startDate: `${NEXT}-06-10`, endDate: `${NEXT}-06-11`, overtimeDeduction: true }, MSG.overtimeRequired],
    [{ startDate: `${NEXT}-06-10`, endDate: `${NEXT}-06-11`, specialHoliday: true, reason: '' }, MSG.specialReasonRequired],
    [{ startDate: `${NEXT}-06-10`, endDate: `${NEXT}-06-11`, specialHoliday: true, reason: 'Hochzeit meiner Schwester in Bayern' }, MSG.reasonTooLong],
    [{ startDate: `${NEXT}-06-10`, endDate: `${NEXT}-06-11`, overtimeDeduction: true, overtime: 'viel' }, MSG.overtimeInvalid],
    [{ startDate: '2020-06-10', endDate: '2020-06-11' }, MSG.vacationInPast],
    [{ startDate: saturday, endDate: addDays(saturday, 1) }, MSG.vacationNoWorkingDays],
    [{ userId: '', startDate: `${NEXT}-06-10`, endDate: `${NEXT}-06-11` }, MSG.errorReLogin],
  ])('refuses %j with the spec message', async (a, message) => {
    const before = await vacationCount();
    const res = await request('verkauf@example.com', a);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await vacationCount()).toBe(before);
  });

  it('overtime with a comma and special leave with a reason are accepted and do not count against the quota', async () => {
    const ot = await request('verkauf@example.com', { startDate: `${NEXT}-06-14`, endDate: `${NEXT}-06-14`, overtimeDeduction: true, overtime: '7,5' });
    expect(ot.statusCode).toBe(200);
    expect(ot.json().appointment).toMatchObject({ overtimeDeduction: true, overtime: 7.5 });
    const sl = await request('verkauf@example.com', { startDate: `${NEXT}-06-15`, endDate: `${NEXT}-06-15`, specialHoliday: true, reason: 'Umzug' });
    expect(sl.json().appointment).toMatchObject({ specialHoliday: true, reason: 'Umzug' });
  });

  it('403 when someone else’s request is filed', async () => {
    const before = await vacationCount();
    const [other] = await t.db.select().from(users).where(eq(users.email, 'azubi@example.com'));
    const res = await request('verkauf@example.com', { userId: other!.id, startDate: `${NEXT}-07-10`, endDate: `${NEXT}-07-12` });
    expect(res.statusCode).toBe(403);
    expect(await vacationCount()).toBe(before);
  });
});

describe('processing requests', () => {
  const openOf = async (email: string, view = '1') =>
    (await t.as(await t.login(email), { method: 'GET', url: `/api/absence/0/all/${view}` })).json();

  it('Filialleitung sees the open request of its branch; another branch’s does not', async () => {
    const fl = await openOf('filialleitung@example.com');
    expect(fl.absences.some((a: { userId: string; countDays: number }) => a.userId === verkauf && a.countDays === 4)).toBe(true);
    const [hamburg] = await t.db.select().from(locations).where(eq(locations.name, 'Filiale Hamburg'));
    const [flGroup] = await t.db.select().from(userGroups).where(eq(userGroups.name, 'Filialleitung'));
    const [hhLead] = await t.db.select().from(users).where(and(eq(users.locationId, hamburg!.id), eq(users.groupId, flGroup!.id)));
    await t.db.update(users).set({ email: 'fl.hamburg@example.com' }).where(eq(users.id, hhLead!.id));
    const hh = await openOf('fl.hamburg@example.com');
    expect(hh.absences.some((a: { userId: string }) => a.userId === verkauf)).toBe(false);
    const [row] = await t.db.select().from(absences).where(and(eq(absences.userId, verkauf), eq(absences.startDate, weekStart)));
    const res = await t.as(await t.login('fl.hamburg@example.com'), { method: 'PUT', url: `/api/updateabsence/${row!.id}/1` });
    expect(res.statusCode).toBe(404);
    expect((await t.db.select().from(absences).where(eq(absences.id, row!.id)))[0]!.approved).toBe(false);
  });

  it('Verkauf cannot process its own request', async () => {
    const [row] = await t.db.select().from(absences).where(and(eq(absences.userId, verkauf), eq(absences.startDate, weekStart)));
    const res = await t.as(await t.login('verkauf@example.com'), { method: 'PUT', url: `/api/updateabsence/${row!.id}/1` });
    expect(res.statusCode).toBe(403);
  });

  it('accepting completes the task, tells the requester by mail and moves it to view 2', async () => {
    const [row] = await t.db.select().from(absences).where(and(eq(absences.userId, verkauf), eq(absences.startDate, weekStart)));
    const res = await t.as(await t.login('filialleitung@example.com'), { method: 'PUT', url: `/api/updateabsence/${row!.id}/1` });
    expect(res.statusCode).toBe(200);
    expect(res.json().appointment).toMatchObject({ approved: true, state: 'akzeptiert', confirmedAtFormated: expect.stringMatching(/^\d{2}\.\d{2}\.\d{4}$/) });
    expect(res.json().appointment.confirmedByData).toBeTruthy();
    const [task] = await t.db.select().from(tasks).where(eq(tasks.reference, `absence:${row!.id}`));
    const assignments = await t.db.select().from(taskAssignments).where(eq(taskAssignments.taskId, task!.id));
    expect(assignments.every((a) => a.completedAt !== null)).toBe(true);
    // The mail goes with the decision's notification, through the outbox after the answer.
    await t.app.background.idle();
    const mail = readOutbox(t.outboxDir).find((m) => m.to === 'verkauf@example.com' && m.subject.includes('genehmigt'));
    expect(mail?.text).toContain(fmt(weekStart));
    const accepted = await openOf('filialleitung@example.com', '2');
    expect(accepted.absences.map((a: { id: string }) => a.id)).toContain(row!.id);
  });

  it('declining from view 2 and deleting need their rights', async () => {
    const [row] = await t.db.select().from(absences).where(and(eq(absences.userId, verkauf), eq(absences.startDate, weekStart)));
    const decline = await t.as(await t.login('filialleitung@example.com'), { method: 'PUT', url: `/api/updateabsence/${row!.id}/0` });
    expect(decline.json().appointment.state).toBe('abgelehnt');
    const refused = await t.as(await t.login('verkauf@example.com'), { method: 'DELETE', url: `/api/appointment/${row!.id}` });
    expect(refused.statusCode).toBe(403);
    const del = await t.as(await t.login('personalleitung@example.com'), { method: 'DELETE', url: `/api/appointment/${row!.id}` });
    expect(del.statusCode).toBe(204);
  });

  it('the own account shows this year and the next', async () => {
    const res = await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: '/api/user-contingents' });
    const years = res.json().contingents.map((c: { year: number }) => c.year);
    expect(years).toContain(NEXT);
  });
});

describe('quota warning', () => {
  it('marks open requests whose days exceed the remaining quota this year', async () => {
    const [azubi] = await t.db.select().from(users).where(eq(users.email, 'azubi@example.com'));
    await t.db.update(users).set({ holidayContingent: 5, freeDays: ['', '', '', '', '', 'Sa', 'So'] }).where(eq(users.id, azubi!.id));
    // Two weeks from the Monday after next, within this year when possible, and clear of the
    // demo company's blocked periods (the inventory at the end of December): a week later if not.
    const blocked = await t.db.select({ startDate: blockedPeriods.startDate, endDate: blockedPeriods.endDate }).from(blockedPeriods);
    const d = new Date();
    d.setUTCDate(d.getUTCDate() + 14);
    while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
    const rangeFrom = (monday: Date) => [monday.toISOString().slice(0, 10), new Date(monday.getTime() + 11 * 86_400_000).toISOString().slice(0, 10)] as const;
    while (blocked.some((b) => b.startDate <= rangeFrom(d)[1] && b.endDate >= rangeFrom(d)[0])) d.setUTCDate(d.getUTCDate() + 7);
    const [start, end] = rangeFrom(d);
    const res = await request('azubi@example.com', { userId: azubi!.id, startDate: start, endDate: end });
    expect(res.statusCode).toBe(224);
    const list = (await t.as(await t.login('filialleitung@example.com'), { method: 'GET', url: '/api/absence/0/all/1' })).json();
    const row = list.absences.find((a: { id: string }) => a.id === res.json().appointment.id);
    if (start.slice(0, 4) === end.slice(0, 4) && start.slice(0, 4) === String(NEXT - 1)) {
      expect(row.exceeds).toEqual([row.countDays, expect.any(Number)]);
      expect(row.exceeds[0]).toBeGreaterThan(row.exceeds[1]);
    }
    expect(row.canAccept).toBe(true);
    // The answer row is built from the accounts read for the check: it must match a fresh read.
    expect(res.json().appointment.exceeds).toEqual(row.exceeds);
  });
});

describe('paging', () => {
  it('gives the same total on the first page and past the end, where no row carries it', async () => {
    const token = await t.login('admin@example.com');
    const first = (await t.as(token, { method: 'GET', url: '/api/absence/0/all/2' })).json();
    expect(first.count).toBeGreaterThan(0);
    const past = (await t.as(token, { method: 'GET', url: `/api/absence/${first.count + 40}/all/2` })).json();
    expect(past.absences).toEqual([]);
    expect(past.count).toBe(first.count);
  });

  it('plans each view once for a person, not again on every call', async () => {
    // Sequential calls on an idle pool take the same connection, which the last query reads.
    const token = await t.login('filialleitung@example.com');
    for (const view of ['1', '2', '3', '5']) for (let i = 0; i < 8; i++) expect((await t.as(token, { method: 'GET', url: `/api/absence/0/all/${view}` })).statusCode).toBe(200);
    const result = await t.db.execute(
      sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like '%"absences"."kind" = ''vacation''%' and statement like '%"users"."location_id" in%limit 20 offset 0'`,
    );
    const plans = (result as unknown as { rows: { generic: number; custom: number }[] }).rows;
    expect(plans).toHaveLength(4);
    // PostgreSQL plans for the given values five times, then keeps the generic plan when it is no dearer.
    for (const p of plans) expect(p).toEqual({ generic: expect.toSatisfy((n: number) => n >= 3), custom: expect.toSatisfy((n: number) => n <= 5) });
  });
});

describe('overview and exports', () => {
  it('Personalleitung sees every account ordered by team, with previous years on request', async () => {
    const token = await t.login('personalleitung@example.com');
    const res = await t.as(token, { method: 'GET', url: '/api/user/listallabsenceuseroverview?from=0&location=all' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBeGreaterThan(50);
    expect(body.users).toHaveLength(20);
    const idx = body.users.map((u: { teamSortIndex: number }) => u.teamSortIndex);
    expect(idx).toEqual([...idx].sort((a: number, b: number) => a - b));
    const row = body.users[0];
    expect(row.openHolidays).toBe(row.availableHolidays - row.holidaysTakenThisYear - row.holidaysPlannedThisYear);
    const withPrev = (await t.as(token, { method: 'GET', url: '/api/user/listallabsenceuseroverview?from=0&location=all&previousYears=1' })).json();
    expect(withPrev.users).toHaveLength(60);
    expect(new Set(withPrev.users.map((u: { year: number }) => u.year)).size).toBe(3);
  });

  it('Verkauf sees only its own account', async () => {
    const res = await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: '/api/user/listallabsenceuseroverview' });
    expect(res.json().users.map((u: { userId: string }) => u.userId)).toEqual([verkauf]);
  });

  it('exports the open requests and the overview as XLSX; 403 without urlaub_exportieren', async () => {
    await request('verkauf@example.com', { startDate: `${NEXT}-08-02`, endDate: `${NEXT}-08-06` });
    const token = await t.login('personalleitung@example.com');
    const list = await t.as(token, { method: 'POST', url: `/api/exportabsence/all/1?year=${NEXT}` });
    expect(list.statusCode).toBe(200);
    const rows = await readXlsx(list);
    expect(rows[0]).toEqual(['Nachname', 'Vorname', 'Standort', 'Personalnummer', 'Von', 'Bis', 'Tage', 'Dauer je Tag', 'Status', 'Bestätigt von', 'Art', 'Gutgeschrieben (Krankheit)', 'Begründung der Ablehnung']);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows[1]![4]).toBeInstanceOf(Date);
    // The search term narrows the export as it narrows the list.
    const [seller] = await t.db.select({ lastName: users.lastName }).from(users).where(eq(users.id, verkauf));
    const found = await readXlsx(await t.as(token, { method: 'POST', url: `/api/exportabsence/all/1?year=${NEXT}&searchTerm=${encodeURIComponent(seller!.lastName)}` }));
    expect(found.length).toBeGreaterThan(1);
    expect(found.slice(1).every((r) => r[0] === seller!.lastName)).toBe(true);
    const overview = await readXlsx(await t.as(token, { method: 'POST', url: '/api/exportabsence/all/4?contingent=1' }));
    expect(overview[0]).toContain('Verfügbar');
    expect((await t.as(await t.login('verkauf@example.com'), { method: 'POST', url: '/api/exportabsence/all/1' })).statusCode).toBe(403);
  });
});
