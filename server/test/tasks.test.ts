import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { taskProgress } from '@filialportal/core/tasks';
import { taskAssignments, tasks } from '../src/modules/tasks/tasks.table.ts';
import { locations } from '../src/modules/locations/locations.table.ts';
import { users } from '../src/modules/users/users.table.ts';
import { completeLinkedTasks, createLinkedTask, deleteLinkedTasks } from '../src/modules/tasks/linked-tasks.ts';
import { buildTestApp, type TestContext } from './helpers.ts';
import { readXlsx } from './xlsx.ts';

let t: TestContext;
let koeln: string;
let hamburg: string;
beforeAll(async () => {
  t = await buildTestApp();
  const locs = await t.db.select().from(locations);
  koeln = locs.find((l) => l.name === 'Filiale Köln')!.id;
  hamburg = locs.find((l) => l.name === 'Filiale Hamburg')!.id;
});
afterAll(() => t.close());

const taskCount = async () => (await t.db.select({ n: count() }).from(tasks))[0]!.n;
const userId = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const list = async (email: string, view = '2', completed = 0, loc = 'all', team = 'all') =>
  (await t.as(await t.login(email), { method: 'GET', url: `/api/task/list/0/${loc}/${team}/${completed}?taskview=${view}` })).json();
const unfinished = async (email: string) => (await t.as(await t.login(email), { method: 'GET', url: '/api/task/count' })).json().unfinished as number;

describe('delegating a task within the own branch', () => {
  let taskId: string;

  it('Filialleitung gives a task to Verkauf of its branch; every Verkauf there receives it', async () => {
    const before = await unfinished('verkauf@example.com');
    const res = await t.as(await t.login('filialleitung@example.com'), {
      method: 'POST',
      url: '/api/task',
      payload: { title: 'Schaufenster dekorieren', deadline: '2030-05-02', priority: 3, teams: ['Verkauf'], multiTask: true, subtasks: [{ name: 'Muster holen' }, { name: 'Preisschilder' }] },
    });
    expect(res.statusCode).toBe(200);
    const task = res.json().task;
    taskId = task.id;
    expect(task).toMatchObject({ title: 'Schaufenster dekorieren', deadlineFormated: '02.05.2030', priority: 3, done: 0, subtaskCount: 2 });
    expect(task.recipients).toBeGreaterThanOrEqual(2);
    // Recipients are exactly the Verkauf staff of Köln.
    const recipientIds = (await t.db.select({ userId: taskAssignments.userId }).from(taskAssignments).where(eq(taskAssignments.taskId, taskId))).map((r) => r.userId);
    const rows = await t.db.select({ id: users.id, locationId: users.locationId }).from(users);
    expect(recipientIds.every((id) => rows.find((r) => r.id === id)!.locationId === koeln)).toBe(true);
    expect(recipientIds).toContain(await userId('verkauf@example.com'));
    expect(await unfinished('verkauf@example.com')).toBe(before + 1);
  });

  it('Verkauf sees it in its own open tasks with creator and deadline', async () => {
    const own = await list('verkauf@example.com');
    const row = own.tasks.find((x: { id: string }) => x.id === taskId);
    expect(row).toMatchObject({ createdByFullName: expect.any(String), completed: false, locked: false, deadlineFormated: '02.05.2030', subtaskCount: 2, subtasksDone: 0 });
  });

  it('Verkauf ticks subtasks one by one, then completes; the counter drops by one', async () => {
    const token = await t.login('verkauf@example.com');
    const subs = (await t.as(token, { method: 'GET', url: `/api/subtasks/${taskId}` })).json().subtasks;
    expect(subs.map((s: { name: string }) => s.name)).toEqual(['Muster holen', 'Preisschilder']);
    const ticked = await t.as(token, { method: 'PUT', url: `/api/subtasks/${taskId}/${subs[0].id}`, payload: { completed: true } });
    expect(ticked.json().subtasks.map((s: { completed: boolean }) => s.completed)).toEqual([true, false]);
    const before = await unfinished('verkauf@example.com');
    const done = await t.as(token, { method: 'PUT', url: `/api/task/${taskId}`, payload: { task: { completed: true } } });
    expect(done.statusCode).toBe(200);
    expect(done.json().task.completed).toBe(true);
    expect(await unfinished('verkauf@example.com')).toBe(before - 1);
    expect((await list('verkauf@example.com', '2', 1)).tasks.map((x: { id: string }) => x.id)).toContain(taskId);
    expect((await list('verkauf@example.com')).tasks.map((x: { id: string }) => x.id)).not.toContain(taskId);
  });

  it('Filialleitung sees the progress in its delegated tasks; multiTask: others still have theirs', async () => {
    const delegated = await list('filialleitung@example.com', '3');
    const row = delegated.tasks.find((x: { id: string }) => x.id === taskId);
    expect(row.done).toBe(1);
    expect(row.recipients).toBeGreaterThanOrEqual(1);
  });

  it('someone else cannot complete, see the subtasks of, or delete the task (nothing changes)', async () => {
    const before = await t.db.select().from(taskAssignments).where(eq(taskAssignments.taskId, taskId));
    const other = await t.login('lagerist@example.com');
    expect((await t.as(other, { method: 'PUT', url: `/api/task/${taskId}`, payload: { task: { completed: true } } })).statusCode).toBe(404);
    expect((await t.as(other, { method: 'GET', url: `/api/subtasks/${taskId}` })).statusCode).toBe(404);
    const zl = await t.login('zentrallagerleitung@example.com');
    expect((await t.as(zl, { method: 'DELETE', url: `/api/task/${taskId}` })).statusCode).toBe(404);
    // A recipient may not delete it either.
    expect((await t.as(await t.login('verkauf@example.com'), { method: 'DELETE', url: `/api/task/${taskId}` })).statusCode).toBe(403);
    expect(await t.db.select().from(taskAssignments).where(eq(taskAssignments.taskId, taskId))).toEqual(before);
  });

  it('refuses addressing people of another branch with the own-branch permission', async () => {
    const before = await taskCount();
    const token = await t.login('filialleitung@example.com');
    const other = await t.as(token, { method: 'POST', url: '/api/task', payload: { title: 'X', deadline: '2030-01-01', users: [await userId('lagerist@example.com')] } });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe(MSG.taskOwnBranchOnly);
    const loc = await t.as(token, { method: 'POST', url: '/api/task', payload: { title: 'X', deadline: '2030-01-01', locations: [hamburg] } });
    expect(loc.statusCode).toBe(403);
    expect(await taskCount()).toBe(before);
  });

  it('the creator deletes the task', async () => {
    const res = await t.as(await t.login('filialleitung@example.com'), { method: 'DELETE', url: `/api/task/${taskId}` });
    expect(res.statusCode).toBe(204);
    expect((await t.db.select().from(tasks).where(eq(tasks.id, taskId))).length).toBe(0);
  });
});

describe('task rules', () => {
  it.each([
    [{ title: '', deadline: '2030-01-01', teams: ['Verkauf'] }, MSG.taskTitleRequired],
    [{ title: 'Ohne Datum', deadline: '', teams: ['Verkauf'] }, MSG.taskDateRequired],
    [{ title: 'Ohne Empfänger', deadline: '2030-01-01' }, MSG.taskRecipientsRequired],
    [{ title: 'Falsches Datum', deadline: '2030-13-01', teams: ['Verkauf'] }, MSG.invalidDate],
    [{ title: 'Niemand', deadline: '2030-01-01', teams: ['Ausgeblendet'] }, MSG.taskNoRecipients],
  ])('refuses %j with a German message and saves nothing', async (payload, message) => {
    const before = await taskCount();
    const res = await t.as(await t.login('admin@example.com'), { method: 'POST', url: '/api/task', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await taskCount()).toBe(before);
  });

  it('403 for Verkauf creating a task', async () => {
    const before = await taskCount();
    const res = await t.as(await t.login('verkauf@example.com'), { method: 'POST', url: '/api/task', payload: { title: 'X', deadline: '2030-01-01', teams: ['Verkauf'] } });
    expect(res.statusCode).toBe(403);
    expect(await taskCount()).toBe(before);
  });

  it('a shared task (multiTask false) is done for everyone when one recipient completes it', async () => {
    const azubi = await userId('azubi@example.com');
    const aushilfe = await userId('aushilfe@example.com');
    const res = await t.as(await t.login('personalleitung@example.com'), { method: 'POST', url: '/api/task', payload: { title: 'Kasse zählen', deadline: '2030-02-01', users: [azubi, aushilfe] } });
    const id = res.json().task.id;
    await t.as(await t.login('azubi@example.com'), { method: 'PUT', url: `/api/task/${id}`, payload: { task: { completed: true } } });
    const rows = await t.db.select().from(taskAssignments).where(eq(taskAssignments.taskId, id));
    expect(rows.every((r) => r.completedAt !== null)).toBe(true);
    const delegated = (await list('personalleitung@example.com', '3', 1)).tasks.find((x: { id: string }) => x.id === id);
    expect(delegated).toMatchObject({ completed: true, done: 2, recipients: 2 });
  });

  it('a closed shared task says who completed it and when (Berlin day), not how many recipients ticked', async () => {
    const [azubi, aushilfe, verkauf] = await Promise.all(['azubi@example.com', 'aushilfe@example.com', 'verkauf@example.com'].map(userId));
    const [a] = await t.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, azubi!));
    const created = await t.as(await t.login('personalleitung@example.com'), { method: 'POST', url: '/api/task', payload: { title: 'Lager fegen', deadline: '2030-02-02', users: [azubi, aushilfe, verkauf] } });
    const id = created.json().task.id as string;
    expect(created.json().task).toMatchObject({ completed: false, done: 0, recipients: 3, completedByFullName: '', completedAtFormated: '' });
    expect(taskProgress(created.json().task).label).toBe('Offen · 3 Empfänger');

    await t.as(await t.login('azubi@example.com'), { method: 'PUT', url: `/api/task/${id}`, payload: { task: { completed: true } } });
    // Ticked at 00:50 Berlin time on 23.11.2026 (23:50 UTC the day before).
    await t.db.update(taskAssignments).set({ completedAt: new Date('2026-11-22T23:50:00Z') }).where(eq(taskAssignments.taskId, id));
    // A recipient who joins afterwards (e.g. a linked task gaining a person) does not reopen it.
    await t.db.update(taskAssignments).set({ completedAt: null, completedBy: null }).where(and(eq(taskAssignments.taskId, id), eq(taskAssignments.userId, verkauf!)));

    const finished = (await list('personalleitung@example.com', '3', 1)).tasks.find((x: { id: string }) => x.id === id);
    const name = `${a!.firstName} ${a!.lastName}`;
    expect(finished).toMatchObject({ completed: true, completedByFullName: name, completedAtFormated: '23.11.2026' });
    expect(taskProgress(finished).label).toBe(`Erledigt von ${name} am 23.11.2026`);
    expect((await list('personalleitung@example.com', '3', 0)).tasks.map((x: { id: string }) => x.id)).not.toContain(id);

    // The recipients' own finished list names the completer as well.
    const own = (await list('aushilfe@example.com', '2', 1)).tasks.find((x: { id: string }) => x.id === id);
    expect(own).toMatchObject({ completed: true, completedByFullName: name, completedAtFormated: '23.11.2026' });

    // Tasks 'für jeden einzeln' still count their recipients.
    const multi = await t.as(await t.login('personalleitung@example.com'), { method: 'POST', url: '/api/task', payload: { title: 'Schulung lesen', deadline: '2030-02-03', users: [azubi, aushilfe], multiTask: true } });
    const multiId = multi.json().task.id as string;
    await t.as(await t.login('azubi@example.com'), { method: 'PUT', url: `/api/task/${multiId}`, payload: { task: { completed: true } } });
    const open = (await list('personalleitung@example.com', '3', 0)).tasks.find((x: { id: string }) => x.id === multiId);
    expect(open).toMatchObject({ completed: false, done: 1, recipients: 2, completedByFullName: '' });
    expect(taskProgress(open).label).toBe('1 von 2 erledigt');
  });

  it('a shared task completed by another area (no person) reads as done without a name', async () => {
    const verkauf = await userId('verkauf@example.com');
    const id = await createLinkedTask(t, { title: 'Antrag prüfen', deadline: '2030-03-02', recipients: [verkauf], reference: 'absence:shared', link: '', locked: true, createdBy: await userId('personalleitung@example.com') });
    await completeLinkedTasks(t, { reference: 'absence:shared', byUserId: null });
    const row = (await list('personalleitung@example.com', '3', 1)).tasks.find((x: { id: string }) => x.id === id);
    expect(row).toMatchObject({ completed: true, completedByFullName: '' });
    expect(taskProgress(row).label).toMatch(/^Erledigt am \d\d\.\d\d\.\d{4}$/);
  });

  it('linked tasks of other modules: locked, completed and removed by reference', async () => {
    const verkauf = await userId('verkauf@example.com');
    const id = await createLinkedTask(t, { title: 'Urlaubsantrag prüfen', deadline: '2030-03-01', recipients: [verkauf], reference: 'absence:test', link: 'absence/1', locked: true, createdBy: await userId('personalleitung@example.com') });
    const token = await t.login('verkauf@example.com');
    const row = (await list('verkauf@example.com')).tasks.find((x: { id: string }) => x.id === id);
    expect(row).toMatchObject({ locked: true, link: 'absence/1', reference: 'absence:test', createdByFullName: expect.stringMatching(/\S+ \S+/) });
    const refused = await t.as(token, { method: 'PUT', url: `/api/task/${id}`, payload: { task: { completed: true } } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MSG.taskLocked);
    await completeLinkedTasks(t, { reference: 'absence:test', byUserId: null });
    expect((await list('verkauf@example.com', '2', 1)).tasks.map((x: { id: string }) => x.id)).toContain(id);
    await deleteLinkedTasks(t, 'absence:test');
    expect((await t.db.select().from(tasks).where(eq(tasks.id, id!))).length).toBe(0);
  });

  it("names the sender: the person, 'Filialportal' for the portal's own tasks, 'Benutzer gelöscht' once the creator's account is gone", async () => {
    const verkauf = await userId('verkauf@example.com');
    const bySystem = await createLinkedTask(t, { title: 'Veranstaltung bewerten', deadline: '2030-03-03', recipients: [verkauf], reference: 'sender:system', link: '', locked: true, createdBy: null });
    const byPerson = await createLinkedTask(t, { title: 'Bitte bestätigen', deadline: '2030-03-03', recipients: [verkauf], reference: 'sender:person', link: '', locked: true, createdBy: await userId('personalleitung@example.com') });
    const sender = async (id: string | null) => (await list('verkauf@example.com')).tasks.find((x: { id: string }) => x.id === id).createdByFullName;
    expect(await sender(bySystem)).toBe(MSG.systemSender);
    expect(await sender(byPerson)).toMatch(/\S+ \S+/);
    expect(await sender(byPerson)).not.toBe(MSG.systemSender);
    // What deleting the account does to the task (created_by … on delete set null).
    await t.db.update(tasks).set({ createdBy: null }).where(eq(tasks.id, byPerson!));
    expect(await sender(byPerson)).toBe(MSG.deletedUser);
    expect(await sender(bySystem)).toBe(MSG.systemSender);
  });

  it('with aufgaben_alle_sehen, Personalleitung filters by location and team', async () => {
    await t.as(await t.login('admin@example.com'), { method: 'POST', url: '/api/task', payload: { title: 'Inventur vorbereiten', deadline: '2030-04-01', teams: ['Verkauf'], multiTask: true } });
    const koelnVerkauf = await list('personalleitung@example.com', '2', 0, koeln, 'Verkauf');
    expect(koelnVerkauf.tasks.length).toBeGreaterThan(0);
    expect(new Set(koelnVerkauf.tasks.map((x: { userLocation: string }) => x.userLocation))).toEqual(new Set(['Filiale Köln']));
    const all = await list('personalleitung@example.com', '2', 0, 'all', 'Verkauf');
    expect(all.count).toBeGreaterThan(koelnVerkauf.count);
    // Without the permission the filters do not widen the view.
    const own = await list('verkauf@example.com', '2', 0, 'all', 'all');
    expect(new Set(own.tasks.map((x: { userId: string }) => x.userId))).toEqual(new Set([await userId('verkauf@example.com')]));
  });

  it('pages by 20 from the list length', async () => {
    const token = await t.login('admin@example.com');
    const first = (await t.as(token, { method: 'GET', url: '/api/task/list/0/all/all/0?taskview=2' })).json();
    const second = (await t.as(token, { method: 'GET', url: `/api/task/list/${first.tasks.length}/all/all/0?taskview=2` })).json();
    expect(first.tasks.length).toBeLessThanOrEqual(20);
    const ids = new Set(first.tasks.map((x: { id: string; userId: string }) => `${x.id}/${x.userId}`));
    expect(second.tasks.every((x: { id: string; userId: string }) => !ids.has(`${x.id}/${x.userId}`))).toBe(true);
    expect(first.tasks.length + second.tasks.length).toBeLessThanOrEqual(first.count);
    expect(second.count).toBe(first.count);
    // Past the end: no rows, the same count, in both views.
    for (const view of ['2', '3']) {
      const head = (await t.as(token, { method: 'GET', url: `/api/task/list/0/all/all/0?taskview=${view}` })).json();
      const beyond = (await t.as(token, { method: 'GET', url: `/api/task/list/${head.count + 40}/all/all/0?taskview=${view}` })).json();
      expect(beyond, view).toEqual({ tasks: [], count: head.count });
    }
  });

  it('400 for a bad path segment, never 500', async () => {
    const res = await t.as(await t.login('admin@example.com'), { method: 'GET', url: '/api/task/list/x/all/all/0' });
    expect(res.statusCode).toBe(400);
    const loc = await t.as(await t.login('admin@example.com'), { method: 'GET', url: '/api/task/list/0/köln/all/0' });
    expect(loc.statusCode).toBe(400);
  });

  it('exports the list as XLSX', async () => {
    const res = await t.as(await t.login('personalleitung@example.com'), { method: 'POST', url: '/api/export-tasks?finished=0&view=2&location=all&team=Verkauf' });
    expect(res.statusCode).toBe(200);
    const rows = await readXlsx(res);
    expect(rows[0]).toEqual(['Titel', 'Priorität', 'Fällig am', 'Erstellt von', 'Erstellt am', 'Empfänger', 'Standort', 'Status']);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows[1]![2]).toBeInstanceOf(Date);
  });

  it('exports finished delegated tasks with the progress as view 3 tells it', async () => {
    const res = await t.as(await t.login('personalleitung@example.com'), { method: 'POST', url: '/api/export-tasks?finished=1&view=3&location=all&team=all' });
    expect(res.statusCode).toBe(200);
    const rows = await readXlsx(res);
    expect(rows[0]).toContain('Fortschritt');
    const progress = rows.slice(1).map((r) => r[rows[0]!.indexOf('Fortschritt')]);
    expect(progress).toContain('Erledigt von ' + (await t.db.select({ f: users.firstName, l: users.lastName }).from(users).where(eq(users.email, 'azubi@example.com'))).map((u) => `${u.f} ${u.l}`)[0] + ' am 23.11.2026');
  });
});
