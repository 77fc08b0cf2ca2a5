import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { trainingRegistrations, trainings, trainingValuations } from '../src/modules/trainings/trainings.table.ts';
import { absences } from '../src/modules/absences/absences.table.ts';
import { users } from '../src/modules/users/users.table.ts';
import { taskAssignments, tasks } from '../src/modules/tasks/tasks.table.ts';
import { locations } from '../src/modules/locations/locations.table.ts';
import { userGroups } from '../src/modules/teams/teams.table.ts';
import { todayIso } from '../src/platform/dates.ts';
import { buildTestApp, readOutbox, type TestContext } from './helpers.ts';
import { readXlsx } from './xlsx.ts';

let t: TestContext;
let ids: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  const people = await t.db.select({ id: users.id, email: users.email }).from(users);
  ids = Object.fromEntries(people.map((p) => [p.email, p.id]));
});
afterAll(() => t.close());

/** A weekday (Monday–Saturday) `weeks` weeks from now, as TT.MM.JJJJ and YYYY-MM-DD. */
function weekday(weeks: number, offset = 0) {
  const d = new Date(`${todayIso()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + weeks * 7 + offset);
  while (d.getUTCDay() !== 2) d.setUTCDate(d.getUTCDate() + 1);
  const iso = d.toISOString().slice(0, 10);
  return { iso, german: `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` };
}

const body = (over: Record<string, unknown> = {}) => ({
  title: 'Verlegung von Klick-Vinyl',
  category: 'Schulungen',
  description: 'Praxis am Muster, mit Werkzeug.',
  address: 'Aachener Straße 200',
  zip: '50931',
  city: 'Köln',
  contactPerson: ids['personalleitung@example.com'],
  lecturer: 'Frau Berg',
  dates: weekday(3).german,
  time: '09:30',
  contingent: 2,
  ratings: [
    { label: 'Wie hilfreich war die Schulung?', type: 'Sternbewertung' },
    { label: 'Was nehmen Sie mit?', type: 'Frage' },
    { label: '', type: 'Frage' },
  ],
  ...over,
});

const all = async () => (await t.db.select({ n: count() }).from(trainings))[0]!.n;
const regsOf = (trainingId: string) => t.db.select().from(trainingRegistrations).where(eq(trainingRegistrations.trainingId, trainingId));

async function create(over: Record<string, unknown> = {}) {
  const res = await t.as(await t.login('personalleitung@example.com'), { method: 'POST', url: '/api/training', payload: body(over) });
  expect(res.statusCode).toBe(200);
  return res.json().trainings as { id: string; date: string; free: number; ratings: unknown[] }[];
}

const registerSelf = async (email: string, id: string, force = false) =>
  t.as(await t.login(email), { method: 'POST', url: `/api/training/registerdirect${force ? '?force=1' : ''}`, payload: { id } });

describe('creating trainings', () => {
  it('makes one training per chosen date, sorted, and keeps only labelled questions', async () => {
    const a = weekday(5);
    const b = weekday(4);
    const created = await create({ dates: `${a.german}, ${b.german}, ${a.german}` });
    expect(created.map((c) => c.date)).toEqual([b.iso, a.iso]);
    expect(created[0]!.ratings).toEqual([
      { label: 'Wie hilfreich war die Schulung?', type: 'Sternbewertung' },
      { label: 'Was nehmen Sie mit?', type: 'Frage' },
    ]);
    expect(created[0]!.free).toBe(2);
  });

  it.each([
    [{ title: ' ' }, MSG.trainingTitleRequired],
    [{ description: '' }, MSG.trainingDescriptionRequired],
    [{ address: '' }, MSG.trainingAddressRequired],
    [{ zip: '' }, MSG.trainingZipRequired],
    [{ city: '' }, MSG.trainingCityRequired],
    [{ contactPerson: '' }, MSG.trainingContactRequired],
    [{ dates: '' }, MSG.trainingDatesRequired],
    [{ time: '' }, MSG.trainingTimeRequired],
    [{ contingent: '' }, 'Die Anzahl verfügbarer Plätze darf nicht leer sein.'],
    [{ contingent: 'zwei' }, MSG.trainingContingentInvalid],
    [{ contingent: 10_001 }, MSG.trainingContingentInvalid],
    [{ dates: '31.02.2027' }, MSG.trainingDateInvalid],
    [{ dates: '99999.01.2027' }, MSG.trainingDateInvalid],
    [{ time: '25:00' }, MSG.trainingTimeInvalid],
    [{ dates: Array.from({ length: 61 }, (_, i) => weekday(1 + i).german).join(', ') }, MSG.trainingTooManyDates],
  ])('refuses %j with its message and saves nothing', async (over, message) => {
    const before = await all();
    const res = await t.as(await t.login('personalleitung@example.com'), { method: 'POST', url: '/api/training', payload: body(over) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await all()).toBe(before);
  });

  it('refuses a Sunday (the picker disables them)', async () => {
    const d = new Date(`${weekday(2).iso}T00:00:00Z`);
    while (d.getUTCDay() !== 0) d.setUTCDate(d.getUTCDate() + 1);
    const iso = d.toISOString().slice(0, 10);
    const res = await t.as(await t.login('personalleitung@example.com'), { method: 'POST', url: '/api/training', payload: body({ dates: `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` }) });
    expect(res.json().error.message).toBe(MSG.trainingSunday);
  });

  it('is refused to staff without schulung_erstellen, with nothing saved', async () => {
    const before = await all();
    const res = await t.as(await t.login('verkauf@example.com'), { method: 'POST', url: '/api/training', payload: body() });
    expect(res.statusCode).toBe(403);
    expect(await all()).toBe(before);
  });
});

describe('the list', () => {
  it('shows upcoming ones soonest first, past ones apart, a year whole, a category alone', async () => {
    const [future] = await create({ title: 'Listentest Zukunft', dates: weekday(8).german, category: 'Termine' });
    const [past] = await t.db
      .insert(trainings)
      .values({ ...body({ title: 'Listentest Vergangenheit', category: 'Termine' }), contactPerson: ids['personalleitung@example.com'], date: '2024-03-05', time: '10:00', ratings: [] } as never)
      .returning({ id: trainings.id });
    const token = await t.login('verkauf@example.com');
    const upcoming = (await t.as(token, { method: 'GET', url: '/api/training/list/0/0?category=Termine' })).json();
    expect(upcoming.trainings.map((x: { id: string }) => x.id)).toContain(future!.id);
    expect(upcoming.trainings.map((x: { id: string }) => x.id)).not.toContain(past!.id);
    expect(upcoming.trainings.every((x: { category: string }) => x.category === 'Termine')).toBe(true);
    const dates = upcoming.trainings.map((x: { date: string }) => x.date);
    expect(dates).toEqual([...dates].sort());
    const old = (await t.as(token, { method: 'GET', url: '/api/training/list/0/1' })).json();
    expect(old.trainings.map((x: { id: string }) => x.id)).toContain(past!.id);
    const year = (await t.as(token, { method: 'GET', url: '/api/training/list/0/0?year=2024' })).json();
    expect(year.trainings.map((x: { id: string }) => x.id)).toEqual([past!.id]);
    expect(year.count).toBe(1);
    // Free text that is no year filters nothing (spec 3 §5).
    const noYear = (await t.as(token, { method: 'GET', url: '/api/training/list/0/0?year=abc' })).json();
    expect(noYear.count).toBe((await t.as(token, { method: 'GET', url: '/api/training/list/0/0' })).json().count);
  });

  it('pages with a chosen size, keeps the counts past the end, and counts what is new per person', async () => {
    await create({ title: 'Seitentest', dates: [weekday(9), weekday(10), weekday(11)].map((d) => d.german).join(','), category: 'Termine' });
    const token = await t.login('verkauf@example.com');
    const list = (from: number, query = '') => t.as(token, { method: 'GET', url: `/api/training/list/${from}/0?category=Termine${query}` }).then((r) => r.json());
    const all = await list(0, '&limit=50');
    expect(all.count).toBeGreaterThanOrEqual(3);
    const first = await list(0, '&limit=2');
    const second = await list(2, '&limit=2');
    expect(first.trainings.map((x: { id: string }) => x.id)).toEqual(all.trainings.slice(0, 2).map((x: { id: string }) => x.id));
    expect(second.trainings.map((x: { id: string }) => x.id)).toEqual(all.trainings.slice(2, 4).map((x: { id: string }) => x.id));
    const past = await list(all.count + 10);
    expect(past).toMatchObject({ trainings: [], count: all.count, new: all.new });
    // Opening the page marks it seen for this person only: a colleague still has the new ones.
    expect((await t.as(token, { method: 'PUT', url: '/api/seen/trainings' })).statusCode).toBeLessThan(300);
    expect((await list(0)).new).toBe(0);
    const other = await t.login('lagerist@example.com');
    expect((await t.as(other, { method: 'GET', url: '/api/training/list/0/0?category=Termine' })).json().new).toBeGreaterThan(0);
  });
});

describe('registration, approval and the waiting list', () => {
  it('takes places first come, puts the third on the waiting list, and moves them up when a place frees', async () => {
    const [tr] = await create({ title: 'Zwei Plätze', dates: weekday(6).german });
    const id = tr!.id;
    const a = (await registerSelf('verkauf@example.com', id)).json();
    expect(a.registerStatus).toBe(200);
    expect(a.training.own.state).toBe('Angefragt');
    expect((await registerSelf('azubi@example.com', id)).json().training.free).toBe(0);
    const c = (await registerSelf('aushilfe@example.com', id)).json();
    expect(c.training.own.state).toBe('Warteliste');

    // Filialleitung Köln approves the first (own location); the approval is mailed.
    const fl = await t.login('filialleitung@example.com');
    const listed = (await t.as(fl, { method: 'GET', url: '/api/training/list/0/0' })).json().trainings.find((x: { id: string }) => x.id === id);
    const first = listed.appointments.find((r: { userId: string }) => r.userId === ids['verkauf@example.com']);
    expect(first.canApprove).toBe(true);
    const approved = await t.as(fl, { method: 'POST', url: `/api/training/register/approve/${first.id}` });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().training.countApprovedAppointments).toBe(1);

    // Declining the second frees a place: the waiting Aushilfe moves up and gets a mail.
    const second = listed.appointments.find((r: { userId: string }) => r.userId === ids['azubi@example.com']);
    const declined = await t.as(fl, { method: 'POST', url: `/api/training/register/decline/${second.id}` });
    expect(declined.statusCode).toBe(200);
    const rows = await regsOf(id);
    expect(rows.map((r) => r.userId).sort()).toEqual([ids['verkauf@example.com'], ids['aushilfe@example.com']].sort());
    expect(rows.find((r) => r.userId === ids['aushilfe@example.com'])!.waitingList).toBe(false);
    // The decision and the place go out with their notifications, through the outbox after the answer.
    await t.app.background.idle();
    const mails = readOutbox(t.outboxDir);
    expect(mails.some((m) => m.to === 'aushilfe@example.com' && m.subject.includes('Platz frei'))).toBe(true);
    expect(mails.some((m) => m.to === 'azubi@example.com' && m.subject.includes('abgelehnt'))).toBe(true);
  });

  it('lets a person leave the waiting list, and refuses to decline other people for those without the right', async () => {
    const [tr] = await create({ title: 'Ein Platz', contingent: 1, dates: weekday(7).german });
    await registerSelf('verkauf@example.com', tr!.id);
    const waiting = (await registerSelf('azubi@example.com', tr!.id)).json().training.own;
    expect(waiting.state).toBe('Warteliste');
    const first = (await regsOf(tr!.id)).find((r) => r.userId === ids['verkauf@example.com'])!;
    const refused = await t.as(await t.login('azubi@example.com'), { method: 'POST', url: `/api/training/register/decline/${first.id}` });
    expect([403, 404]).toContain(refused.statusCode);
    expect(await regsOf(tr!.id)).toHaveLength(2);
    const left = await t.as(await t.login('azubi@example.com'), { method: 'POST', url: `/api/training/register/decline/${waiting.id}` });
    expect(left.statusCode).toBe(200);
    expect((await regsOf(tr!.id)).map((r) => r.userId)).toEqual([ids['verkauf@example.com']]);
  });

  it('lets a person withdraw an own request that is not yet approved: the place goes to the first waiting, the approvers’ task goes', async () => {
    const [tr] = await create({ title: 'Zurückziehen', contingent: 1, dates: weekday(8).german });
    const asked = (await registerSelf('verkauf@example.com', tr!.id)).json().training.own;
    expect(asked.state).toBe('Angefragt');
    expect(asked.canDecline).toBe(true);
    await registerSelf('azubi@example.com', tr!.id);
    const approvalTask = async (regId: string) => (await t.db.select().from(tasks).where(eq(tasks.reference, `training-registration:${regId}`)))[0];
    expect(await approvalTask(asked.id)).toBeDefined();

    // Someone else cannot withdraw it for them.
    const other = await t.as(await t.login('bodenleger@example.com'), { method: 'POST', url: `/api/training/register/decline/${asked.id}` });
    expect([403, 404]).toContain(other.statusCode);
    expect(await regsOf(tr!.id)).toHaveLength(2);

    const res = await t.as(await t.login('verkauf@example.com'), { method: 'POST', url: `/api/training/register/decline/${asked.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().training.own).toBeNull();
    const rows = await regsOf(tr!.id);
    expect(rows.map((r) => [r.userId, r.waitingList])).toEqual([[ids['azubi@example.com'], false]]);
    expect(await approvalTask(asked.id)).toBeUndefined();
    // Withdrawn by oneself: no mail about a refusal.
    expect(readOutbox(t.outboxDir).some((m) => m.to === 'verkauf@example.com' && m.subject.includes('Zurückziehen') && m.subject.includes('abgelehnt'))).toBe(false);
    // Twice is nothing to withdraw.
    expect((await t.as(await t.login('verkauf@example.com'), { method: 'POST', url: `/api/training/register/decline/${asked.id}` })).statusCode).toBe(404);
  });

  it('shows the waiting list to who manages the training: warteliste_anzeigen_alle, waitinglist_can_edit, the contact person – not to the participant-list right alone', async () => {
    const [tr] = await create({ title: 'Warteliste sehen', contingent: 1, dates: weekday(10).german, contactPerson: ids['bodenleger@example.com'] });
    await registerSelf('verkauf@example.com', tr!.id);
    await registerSelf('azubi@example.com', tr!.id);
    const seenBy = async (email: string) => {
      const res = await t.as(await t.login(email), { method: 'GET', url: `/api/training/${tr!.id}` });
      expect(res.statusCode).toBe(200);
      const training = res.json().training as { can: { seeList: boolean }; appointments: { userId: string; state: string }[] };
      return { seeList: training.can.seeList, states: training.appointments.map((a) => a.state).sort() };
    };
    // Personalleitung holds warteliste_anzeigen_alle and waitinglist_can_edit.
    expect(await seenBy('personalleitung@example.com')).toEqual({ seeList: true, states: ['Angefragt', 'Warteliste'] });
    // The contact person (Bodenleger, no list right) sees the whole list, waiting list included.
    expect(await seenBy('bodenleger@example.com')).toEqual({ seeList: true, states: ['Angefragt', 'Warteliste'] });
    // Filialleitung sees its location's participants, not the waiting list.
    expect(await seenBy('filialleitung@example.com')).toEqual({ seeList: true, states: ['Angefragt'] });
    // A group with only warteliste_anzeigen_alle sees the list, and in it the waiting list alone.
    const [lager] = await t.db.select().from(userGroups).where(eq(userGroups.name, 'Lagerist'));
    expect(await seenBy('lagerist@example.com')).toEqual({ seeList: false, states: [] });
    await t.db.update(userGroups).set({ permissions: [...lager!.permissions, 'warteliste_anzeigen_alle'] }).where(eq(userGroups.id, lager!.id));
    try {
      const fresh = await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'lagerist@example.com', password: 'demo1234' } });
      const res = await t.as(fresh.json().token, { method: 'GET', url: `/api/training/${tr!.id}` });
      const training = res.json().training as { can: { seeList: boolean }; appointments: { state: string }[] };
      expect({ seeList: training.can.seeList, states: training.appointments.map((a) => a.state) }).toEqual({ seeList: true, states: ['Warteliste'] });
    } finally {
      await t.db.update(userGroups).set({ permissions: lager!.permissions }).where(eq(userGroups.id, lager!.id));
    }
  });

  it('registers employees: own location only for Filialleitung; empty choice and doubles get the spec messages', async () => {
    const [tr] = await create({ title: 'Mitarbeiter anmelden', contingent: 5, dates: weekday(9).german });
    const fl = await t.login('filialleitung@example.com');
    const empty = await t.as(fl, { method: 'POST', url: `/api/training/register/${tr!.id}`, payload: { users: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(MSG.trainingEmployeeRequired);
    const [hamburg] = await t.db.select({ id: users.id }).from(users).innerJoin(locations, eq(locations.id, users.locationId)).where(eq(locations.name, 'Filiale Hamburg')).limit(1);
    const foreign = await t.as(fl, { method: 'POST', url: `/api/training/register/${tr!.id}`, payload: { users: [hamburg!.id] } });
    expect(foreign.statusCode).toBe(403);
    expect(await regsOf(tr!.id)).toHaveLength(0);
    const ok = await t.as(fl, { method: 'POST', url: `/api/training/register/${tr!.id}`, payload: { users: [ids['verkauf@example.com']], directRegistration: true } });
    expect(ok.json().registerStatus).toBe(200);
    expect((await regsOf(tr!.id))[0]!.approved).toBe(true);
    const twice = await t.as(fl, { method: 'POST', url: `/api/training/register/${tr!.id}`, payload: { users: [ids['verkauf@example.com']] } });
    expect(twice.json()).toMatchObject({ registerStatus: 500, registerMessage: MSG.trainingAlreadyRegistered });
    expect(await regsOf(tr!.id)).toHaveLength(1);
  });

  it('warns before registering someone who is on vacation that day; Ja (force=1) registers all the same', async () => {
    const day = weekday(10);
    const [tr] = await create({ title: 'Warnung', dates: day.german });
    await t.db.insert(absences).values({ kind: 'vacation', userId: ids['verkauf@example.com'], startDate: day.iso, endDate: day.iso, countDays: '1', approved: true } as never);
    const warned = (await registerSelf('verkauf@example.com', tr!.id)).json();
    expect(warned.registerStatus).toBe(400);
    expect(warned.registerMessage).toContain('im Urlaub');
    expect(await regsOf(tr!.id)).toHaveLength(0);
    const forced = (await registerSelf('verkauf@example.com', tr!.id, true)).json();
    expect(forced.registerStatus).toBe(200);
    expect(await regsOf(tr!.id)).toHaveLength(1);
  });

  it('never overbooks: twenty people at once for three places', async () => {
    const [tr] = await create({ title: 'Ansturm', contingent: 3, dates: weekday(11).german });
    const staff = await t.db.select({ id: users.id }).from(users).where(eq(users.active, true)).limit(20);
    const admin = await t.login('admin@example.com');
    const answers = await Promise.all(
      staff.map((p) => t.as(admin, { method: 'POST', url: `/api/training/register/${tr!.id}?force=1`, payload: { users: [p.id] } })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const rows = await regsOf(tr!.id);
    expect(rows).toHaveLength(20);
    expect(rows.filter((r) => !r.waitingList)).toHaveLength(3);
  });

  it('gives the approvers a task per requested registration, completed on approval, gone on decline, new for who moves up', async () => {
    const [tr] = await create({ title: 'Mit Aufgaben', contingent: 1, dates: weekday(19).german });
    await registerSelf('verkauf@example.com', tr!.id);
    await registerSelf('azubi@example.com', tr!.id);
    const rows = await regsOf(tr!.id);
    const first = rows.find((r) => r.userId === ids['verkauf@example.com'])!;
    const ref = (id: string) => `training-registration:${id}`;
    const taskOf = async (id: string) => (await t.db.select().from(tasks).where(eq(tasks.reference, ref(id))))[0];
    const task = (await taskOf(first.id))!;
    expect(task.link).toBe(`/veranstaltungen?id=${tr!.id}`);
    expect(task.locked).toBe(true);
    const recipients = (await t.db.select({ userId: taskAssignments.userId }).from(taskAssignments).where(eq(taskAssignments.taskId, task.id))).map((r) => r.userId);
    expect(recipients).toContain(ids['filialleitung@example.com']);
    expect(recipients).toContain(ids['personalleitung@example.com']);
    expect(recipients).not.toContain(ids['verkauf@example.com']);
    // The waiting Azubi has no task yet.
    const second = rows.find((r) => r.userId === ids['azubi@example.com'])!;
    expect(await taskOf(second.id)).toBeUndefined();
    // Declined: the task goes, and the Azubi moves up with a task of their own.
    await t.as(await t.login('filialleitung@example.com'), { method: 'POST', url: `/api/training/register/decline/${first.id}` });
    expect(await taskOf(first.id)).toBeUndefined();
    const moved = (await taskOf(second.id))!;
    await t.as(await t.login('filialleitung@example.com'), { method: 'POST', url: `/api/training/register/approve/${second.id}` });
    const open = await t.db.select().from(taskAssignments).where(and(eq(taskAssignments.taskId, moved.id), isNull(taskAssignments.completedAt)));
    expect(open).toHaveLength(0);
  });

  it('sends the approved a calendar invitation, an update when moved and a cancellation when cancelled', async () => {
    const [tr] = await create({ title: 'Mit Einladung', dates: weekday(17).german });
    const pl = await t.login('personalleitung@example.com');
    await t.as(pl, { method: 'POST', url: `/api/training/register/${tr!.id}?force=1`, payload: { users: [ids['azubi@example.com']], directRegistration: true } });
    // The approval's invitation goes out with its notification, through the outbox after the answer.
    await t.app.background.idle();
    const calendarMails = (method: string) =>
      fs.readdirSync(t.outboxDir).map((f) => fs.readFileSync(path.join(t.outboxDir, f), 'utf8')).filter((raw) => raw.includes('To: azubi@example.com') && raw.includes(`method=${method}`));
    const invited = calendarMails('REQUEST').length;
    expect(invited).toBeGreaterThan(0);
    const moved = await t.as(pl, { method: 'PUT', url: `/api/training/${tr!.id}`, payload: { ...body({ title: 'Mit Einladung' }), move: true, dates: weekday(18).german, time: '11:00' } });
    expect(moved.statusCode).toBe(200);
    expect(calendarMails('REQUEST').length).toBe(invited + 1);
    await t.as(pl, { method: 'POST', url: `/api/training/${tr!.id}/cancel` });
    expect(calendarMails('CANCEL').length).toBeGreaterThan(0);
  });

  it('refuses registration for a cancelled training and tells the registered', async () => {
    const [tr] = await create({ title: 'Wird abgesagt', dates: weekday(12).german });
    await registerSelf('verkauf@example.com', tr!.id);
    const verkauf = await t.as(await t.login('verkauf@example.com'), { method: 'POST', url: `/api/training/${tr!.id}/cancel` });
    expect(verkauf.statusCode).toBe(403);
    const cancelled = await t.as(await t.login('personalleitung@example.com'), { method: 'POST', url: `/api/training/${tr!.id}/cancel` });
    expect(cancelled.json().training.cancelled).toBe(true);
    expect(readOutbox(t.outboxDir).some((m) => m.to === 'verkauf@example.com' && m.subject.includes('abgesagt'))).toBe(true);
    const late = (await registerSelf('azubi@example.com', tr!.id)).json();
    expect(late).toMatchObject({ registerStatus: 500, registerMessage: MSG.trainingCancelled });
  });

  it('reschedules with move: date and time required, everyone registered is told', async () => {
    const [tr] = await create({ title: 'Wird verschoben', dates: weekday(13).german });
    await registerSelf('verkauf@example.com', tr!.id);
    const token = await t.login('personalleitung@example.com');
    const missing = await t.as(token, { method: 'PUT', url: `/api/training/${tr!.id}`, payload: { ...body(), move: true, dates: '', time: '' } });
    expect(missing.statusCode).toBe(400);
    const to = weekday(14);
    const moved = await t.as(token, { method: 'PUT', url: `/api/training/${tr!.id}`, payload: { ...body({ title: 'Wird verschoben' }), move: true, dates: to.german, time: '14:00' } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().training).toMatchObject({ date: to.iso, time: '14:00' });
    expect(readOutbox(t.outboxDir).some((m) => m.to === 'verkauf@example.com' && m.subject.includes('verschoben') && m.text.includes('14:00'))).toBe(true);
  });
});

describe('ratings', () => {
  async function pastTraining(approvedFor: string[]) {
    const [tr] = await t.db
      .insert(trainings)
      .values({ ...body({ title: 'Vergangen' }), contactPerson: ids['personalleitung@example.com'], date: '2025-06-03', time: '09:00', ratings: body().ratings.slice(0, 2) } as never)
      .returning({ id: trainings.id });
    await t.db.insert(trainingRegistrations).values(approvedFor.map((email) => ({ trainingId: tr!.id, userId: ids[email], approved: true })));
    return tr!.id;
  }
  const rate = async (email: string, trainingId: string, answers: unknown[]) =>
    t.as(await t.login(email), { method: 'POST', url: '/api/valuation', payload: { valuation: { trainingId, answers } } });

  it('takes one rating per approved participant after the event; every question answered', async () => {
    const id = await pastTraining(['verkauf@example.com']);
    const incomplete = await rate('verkauf@example.com', id, [{ label: 'Wie hilfreich war die Schulung?', value: 4 }]);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().error.message).toBe(MSG.valuationAnswersRequired);
    const answers = [
      { label: 'Wie hilfreich war die Schulung?', value: 4 },
      { label: 'Was nehmen Sie mit?', value: 'Die Dehnfuge am Rand.' },
    ];
    expect((await rate('verkauf@example.com', id, answers)).statusCode).toBe(200);
    const again = await rate('verkauf@example.com', id, answers);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MSG.valuationTwice);
    const outsider = await rate('azubi@example.com', id, answers);
    expect(outsider.statusCode).toBe(403);
    const saved = await t.db.select().from(trainingValuations).where(eq(trainingValuations.trainingId, id));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.answers).toEqual(answers);
  });
});

describe('downloads', () => {
  it('participant list and attendance sheet for whoever may download them; others get 403', async () => {
    const [tr] = await create({ title: 'Mit Liste', contingent: 1, dates: weekday(15).german });
    await registerSelf('verkauf@example.com', tr!.id);
    await registerSelf('azubi@example.com', tr!.id);
    const first = (await regsOf(tr!.id)).find((r) => r.userId === ids['verkauf@example.com'])!;
    await t.as(await t.login('personalleitung@example.com'), { method: 'POST', url: `/api/training/register/approve/${first.id}` });
    const pl = await t.login('personalleitung@example.com');
    const list = await readXlsx(await t.as(pl, { method: 'POST', url: `/api/exporttraining/${tr!.id}` }));
    expect(list[0]).toEqual(['Nachname', 'Vorname', 'Standort', 'Gruppe', 'Status', 'Bestätigt von', 'Bestätigt am', 'Erschienen']);
    expect(list.slice(1).map((r) => r[4])).toEqual(['Genehmigt', 'Warteliste']);
    const sheet = await readXlsx(await t.as(pl, { method: 'POST', url: `/api/exportcurrenttraining/${tr!.id}` }));
    expect(sheet[0]).toEqual(['Nachname', 'Vorname', 'Standort', 'Gruppe', 'Unterschrift']);
    expect(sheet).toHaveLength(2);
    expect((await t.as(await t.login('verkauf@example.com'), { method: 'POST', url: `/api/exporttraining/${tr!.id}` })).statusCode).toBe(403);
  });

  it('ratings with one column per question, for the own location with the own-branch right', async () => {
    const [tr] = await t.db
      .insert(trainings)
      .values({ ...body({ title: 'Bewertet' }), contactPerson: ids['personalleitung@example.com'], date: '2025-09-02', time: '09:00', ratings: body().ratings.slice(0, 2) } as never)
      .returning({ id: trainings.id });
    await t.db.insert(trainingRegistrations).values([ids['verkauf@example.com'], ids['personalleitung@example.com']].map((userId) => ({ trainingId: tr!.id, userId, approved: true })));
    await t.db.insert(trainingValuations).values([
      { trainingId: tr!.id, userId: ids['verkauf@example.com'], answers: [{ label: 'Wie hilfreich war die Schulung?', value: 5 }, { label: 'Was nehmen Sie mit?', value: 'Viel' }] },
      { trainingId: tr!.id, userId: ids['personalleitung@example.com'], answers: [{ label: 'Wie hilfreich war die Schulung?', value: 3 }, { label: 'Was nehmen Sie mit?', value: 'Wenig' }] },
    ]);
    const all = await t.as(await t.login('admin@example.com'), { method: 'POST', url: `/api/exporttrainingratings/${tr!.id}` });
    expect(all.headers['content-disposition']).toContain(encodeURIComponent('(2 von 2)'));
    const rows = await readXlsx(all);
    expect(rows[0]).toEqual(['Standort', 'Abgegeben am', 'Wie hilfreich war die Schulung?', 'Was nehmen Sie mit?']);
    expect(rows.slice(1).map((r) => r[2]).sort()).toEqual([3, 5]);
    // Filialleitung Köln: only the rating of Verkauf Köln.
    const own = await readXlsx(await t.as(await t.login('filialleitung@example.com'), { method: 'POST', url: `/api/exporttrainingratings/${tr!.id}` }));
    expect(own.slice(1).map((r) => r[3])).toEqual(['Viel']);
  });
});

describe('overview', () => {
  it('lists the year’s trainings with the confirmed participants of a location, searchable, and exports one column per slot', async () => {
    const day = weekday(16);
    const [tr] = await create({ title: 'Übersichtstest', contingent: 5, dates: day.german });
    const admin = await t.login('admin@example.com');
    await t.as(admin, { method: 'POST', url: `/api/training/register/${tr!.id}?force=1`, payload: { users: [ids['verkauf@example.com'], ids['azubi@example.com']], directRegistration: true } });
    const [koeln] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.name, 'Filiale Köln'));
    const year = day.iso.slice(0, 4);
    const pl = await t.login('personalleitung@example.com');
    const res = (await t.as(pl, { method: 'GET', url: `/api/trainingoverview/${koeln!.id}?year=${year}` })).json();
    const row = res.trainings.find((x: { id: string }) => x.id === tr!.id);
    expect(row.users).toHaveLength(2);
    expect(row.users.every((u: { location: string }) => u.location === 'Filiale Köln')).toBe(true);
    const [verkauf] = await t.db.select({ lastName: users.lastName }).from(users).where(eq(users.email, 'verkauf@example.com'));
    const found = (await t.as(pl, { method: 'GET', url: `/api/trainingoverview/all?year=${year}&search=${encodeURIComponent(verkauf!.lastName)}` })).json();
    expect(found.trainings.find((x: { id: string }) => x.id === tr!.id).users.map((u: { lastName: string }) => u.lastName)).toEqual([verkauf!.lastName]);
    const sheet = await readXlsx(await t.as(pl, { method: 'POST', url: `/api/exporttrainingoverview/${koeln!.id}?year=${year}` }));
    expect(sheet[0]!.slice(0, 5)).toEqual(['Titel', 'Datum', 'Uhrzeit', 'Teilnehmer 1', 'Teilnehmer 2']);
    expect(sheet.some((r) => r[0] === 'Übersichtstest')).toBe(true);
    expect((await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: '/api/trainingoverview/all' })).statusCode).toBe(403);
  });
});

describe('people for the registration dialog', () => {
  it('gives Filialleitung the own location only, organisers everyone', async () => {
    const [koeln] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.name, 'Filiale Köln'));
    const koelnActive = await t.db.select({ id: users.id }).from(users).where(and(eq(users.locationId, koeln!.id), eq(users.active, true)));
    const fl = (await t.as(await t.login('filialleitung@example.com'), { method: 'GET', url: '/api/user/listallfortraining' })).json().users;
    expect(fl.length).toBeGreaterThan(0);
    expect(fl.every((u: { locationLabel: string; registrable: boolean }) => u.locationLabel === 'Filiale Köln' && u.registrable)).toBe(true);
    expect(fl.length).toBeLessThanOrEqual(koelnActive.length);
    const pl = (await t.as(await t.login('personalleitung@example.com'), { method: 'GET', url: '/api/user/listallfortraining' })).json().users;
    expect(new Set(pl.map((u: { locationLabel: string }) => u.locationLabel)).size).toBeGreaterThan(3);
    const refused = await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: '/api/user/listallfortraining' });
    expect(refused.statusCode).toBe(403);
  });
});

describe('attendance', () => {
  it('after the event the contact person records who came; who did not come cannot rate; the list shows it', async () => {
    const [tr] = await t.db
      .insert(trainings)
      .values({ ...body({ title: 'Anwesenheit' }), contactPerson: ids['personalleitung@example.com'], date: '2025-10-07', time: '09:00', ratings: body().ratings.slice(1, 2) } as never)
      .returning({ id: trainings.id });
    await t.db.insert(trainingRegistrations).values([ids['verkauf@example.com'], ids['azubi@example.com']].map((userId) => ({ trainingId: tr!.id, userId, approved: true })));
    const regs = await regsOf(tr!.id);
    const azubi = regs.find((r) => r.userId === ids['azubi@example.com'])!;
    const refused = await t.as(await t.login('verkauf@example.com'), { method: 'POST', url: `/api/training/register/attendance/${azubi.id}`, payload: { attended: false } });
    expect(refused.statusCode).toBe(404);
    expect((await regsOf(tr!.id)).find((r) => r.id === azubi.id)!.attended).toBeNull();
    const marked = await t.as(await t.login('personalleitung@example.com'), { method: 'POST', url: `/api/training/register/attendance/${azubi.id}`, payload: { attended: false } });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().training.appointments.find((a: { id: string }) => a.id === azubi.id).attended).toBe(false);
    const rate = await t.as(await t.login('azubi@example.com'), { method: 'POST', url: '/api/valuation', payload: { valuation: { trainingId: tr!.id, answers: [{ label: 'Was nehmen Sie mit?', value: 'x' }] } } });
    expect(rate.statusCode).toBe(403);
    expect(rate.json().error.message).toBe(MSG.valuationNotAllowed);
    const list = await readXlsx(await t.as(await t.login('personalleitung@example.com'), { method: 'POST', url: `/api/exporttraining/${tr!.id}` }));
    expect(list.slice(1).map((r) => r[7] ?? '').sort()).toEqual(['', 'Nein']);
  });
});

describe('own trainings', () => {
  it('lists the own registrations from today on for the dashboard', async () => {
    const res = await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: '/api/usertrainings' });
    expect(res.statusCode).toBe(200);
    const mine = await t.db
      .select({ id: trainings.id })
      .from(trainingRegistrations)
      .innerJoin(trainings, eq(trainings.id, trainingRegistrations.trainingId))
      .where(and(eq(trainingRegistrations.userId, ids['verkauf@example.com']!), sql`${trainings.date} >= ${todayIso()}`, sql`${trainings.cancelledAt} is null`));
    expect(res.json().trainings.map((x: { id: string }) => x.id).sort()).toEqual(mine.map((m) => m.id).sort());
    expect(res.json().trainings[0]).toMatchObject({ dateFormated: expect.stringMatching(/^\d\d\.\d\d\.\d{4}$/) });
  });
});
