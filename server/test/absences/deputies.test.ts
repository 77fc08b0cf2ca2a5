import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { absences, vacationDeputies } from '../../src/modules/absences/absences.table.ts';
import { notifications } from '../../src/modules/notifications/notifications.table.ts';
import { taskAssignments, tasks } from '../../src/modules/tasks/tasks.table.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { currentYear } from '../../src/platform/dates.ts';
import { addDays, firstWeekday, german } from './days.ts';
import { buildTestApp, readOutbox, type TestContext } from '../helpers.ts';

/** Deputies (Vertretung): who may stand in, the warning when one is away, declining, handing tasks over on approval. */
let t: TestContext;
const id: Record<string, string> = {};
const NEXT = currentYear() + 1;
/** Monday of the first full week of March next year. */
const monday = firstWeekday(`${NEXT}-03-02`, 1);

beforeAll(async () => {
  t = await buildTestApp();
  for (const u of await t.db.select().from(users)) id[u.email] = u.id;
  await t.db.delete(absences).where(eq(absences.kind, 'vacation'));
});
afterAll(() => t.close());

const as = async (email: string, opts: Parameters<TestContext['as']>[1]) => t.as(await t.login(email), opts);
const request = (a: Record<string, unknown>) =>
  as('verkauf@example.com', { method: 'POST', url: '/api/appointment', payload: { appointment: { userId: id['verkauf@example.com'], ...a } } });

describe('naming deputies', () => {
  let request1: string;

  it('offers the colleagues of the own location and group, not oneself', async () => {
    const res = await as('verkauf@example.com', { method: 'GET', url: '/api/deputycandidates' });
    const ids = res.json().candidates.map((c: { id: string }) => c.id);
    expect(ids).toContain(id['azubi@example.com']);
    expect(ids).not.toContain(id['verkauf@example.com']);
    expect(ids).not.toContain(id['lagerist@example.com']);
  });

  it('refuses oneself, someone elsewhere under other approvers, and an unknown id; nothing saved', async () => {
    const before = (await t.db.select().from(absences)).length;
    const cases: [unknown[], string][] = [
      [[id['verkauf@example.com']], 'Sie können sich nicht selbst vertreten.'],
      [[id['lagerist@example.com']], 'Als Vertretung kommen nur aktive Kolleginnen und Kollegen des eigenen Standorts oder mit derselben Genehmigung in Frage.'],
      [['00000000-0000-4000-8000-000000000000'], 'Als Vertretung kommen nur aktive Kolleginnen und Kollegen des eigenen Standorts oder mit derselben Genehmigung in Frage.'],
      [[id['azubi@example.com'], id['aushilfe@example.com'], id['bodenleger@example.com'], id['filialleitung@example.com'], id['admin@example.com'], id['personalleitung@example.com']], 'Bitte wählen Sie höchstens 5 Vertretungen.'],
    ];
    for (const [deputies, message] of cases) {
      const res = await request({ startDate: monday, endDate: addDays(monday, 1), deputies });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await t.db.select().from(absences)).length).toBe(before);
  });

  it('a deputy who is away in the period: the requester is warned without the kind of absence', async () => {
    // The Azubi is sick on Tuesday of that week.
    await t.db.insert(absences).values({ kind: 'sick', userId: id['azubi@example.com'], startDate: addDays(monday, 1), endDate: addDays(monday, 1), countDays: 1, daysByYear: { [String(NEXT)]: 1 } });
    const res = await request({ startDate: monday, endDate: addDays(monday, 4), deputies: [id['azubi@example.com'], id['aushilfe@example.com']] });
    expect(res.statusCode).toBe(200);
    const [azubi] = await t.db.select().from(users).where(eq(users.id, id['azubi@example.com']!));
    const warning = `Vertretung ${azubi!.firstName} ${azubi!.lastName} ist im Zeitraum selbst abwesend (${german(addDays(monday, 1))}).`;
    expect(res.json().appointment.warnings).toContain(warning);
    expect(res.json().appointment.warnings.join(' ')).not.toMatch(/krank/i);
    expect(res.json().appointment.deputies.map((d: { userId: string }) => d.userId).sort()).toEqual([id['azubi@example.com'], id['aushilfe@example.com']].sort());
    request1 = res.json().appointment.id;
    // The approver sees it in the row.
    const row = (await as('filialleitung@example.com', { method: 'GET', url: `/api/absence/0/all/1?year=${NEXT}` })).json().absences.find((r: { id: string }) => r.id === request1);
    expect(row.warnings).toContain(warning);
  });

  it('the deputies are told, each in their notifications', async () => {
    for (const email of ['azubi@example.com', 'aushilfe@example.com']) {
      const told = await t.db.select().from(notifications).where(and(eq(notifications.userId, id[email]!), eq(notifications.kind, 'vacation_deputy')));
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ link: '/urlaub/vertretungen' });
      expect(told[0]!.title).toContain(`${german(monday)} – ${german(addDays(monday, 4))}`);
    }
    await t.app.background.idle();
    const [azubi] = await t.db.select().from(users).where(eq(users.id, id['azubi@example.com']!));
    const mail = readOutbox(t.outboxDir).find((m) => m.to === azubi!.email && m.subject.startsWith('Filialportal: Vertretung für'));
    expect(mail?.subject).toContain(`${german(monday)} – ${german(addDays(monday, 4))}`);
  });

  it('a deputy sees the request and declines with a reason the approver sees', async () => {
    const mine = await as('aushilfe@example.com', { method: 'GET', url: '/api/deputyrequests' });
    expect(mine.json().requests).toEqual([expect.objectContaining({ id: request1, state: 'offen', declined: false })]);
    const empty = await as('aushilfe@example.com', { method: 'POST', url: `/api/appointment/${request1}/deputy/decline`, payload: { reason: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Bitte geben Sie einen Grund an.');
    const res = await as('aushilfe@example.com', { method: 'POST', url: `/api/appointment/${request1}/deputy/decline`, payload: { reason: 'Berufsschule' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().requests[0]).toMatchObject({ declined: true, declineReason: 'Berufsschule' });
    const again = await as('aushilfe@example.com', { method: 'POST', url: `/api/appointment/${request1}/deputy/decline`, payload: { reason: 'x' } });
    expect(again.statusCode).toBe(400);
    const row = (await as('filialleitung@example.com', { method: 'GET', url: `/api/absence/0/all/1?year=${NEXT}` })).json().absences.find((r: { id: string }) => r.id === request1);
    expect(row.deputies.find((d: { userId: string }) => d.userId === id['aushilfe@example.com'])).toMatchObject({ declined: true, declineReason: 'Berufsschule' });
    const warnings = (await as('filialleitung@example.com', { method: 'GET', url: `/api/appointment/${request1}/warnings` })).json().warnings;
    expect(warnings.some((w: string) => w.endsWith('hat die Vertretung abgelehnt.'))).toBe(true);
  });

  it('someone who is no deputy of the request cannot decline it (404), and nothing changes', async () => {
    const res = await as('bodenleger@example.com', { method: 'POST', url: `/api/appointment/${request1}/deputy/decline`, payload: { reason: 'nein' } });
    expect(res.statusCode).toBe(404);
    const rows = await t.db.select().from(vacationDeputies).where(and(eq(vacationDeputies.absenceId, request1), isNull(vacationDeputies.declinedAt)));
    expect(rows.map((r) => r.userId)).toEqual([id['azubi@example.com']]);
  });

  it('on approval the approver hands the open tasks to a deputy who did not decline; locked tasks stay', async () => {
    const [task] = await t.db.insert(tasks).values({ title: 'Regal auffüllen', deadline: addDays(monday, 2) }).returning();
    await t.db.insert(taskAssignments).values({ taskId: task!.id, userId: id['verkauf@example.com']! });
    const toDecliner = await as('filialleitung@example.com', { method: 'PUT', url: `/api/updateabsence/${request1}/1`, payload: { handTasksTo: id['aushilfe@example.com'] } });
    expect(toDecliner.statusCode).toBe(400);
    expect((await t.db.select().from(absences).where(eq(absences.id, request1)))[0]!.approved).toBe(false);

    const res = await as('filialleitung@example.com', { method: 'PUT', url: `/api/updateabsence/${request1}/1`, payload: { handTasksTo: id['azubi@example.com'] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().handedOverTasks).toBeGreaterThanOrEqual(1);
    const holders = await t.db.select({ userId: taskAssignments.userId }).from(taskAssignments).where(eq(taskAssignments.taskId, task!.id));
    expect(holders).toEqual([{ userId: id['azubi@example.com'] }]);
    const locked = await t.db
      .select({ userId: taskAssignments.userId })
      .from(taskAssignments)
      .innerJoin(tasks, eq(tasks.id, taskAssignments.taskId))
      .where(and(eq(tasks.locked, true), eq(taskAssignments.userId, id['azubi@example.com']!), isNull(taskAssignments.completedAt)));
    expect(locked).toEqual([]);
  });
});
