import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays } from '@filialportal/core/calendar';
import { MSG } from '@filialportal/core/messages';
import { openRatingTasks, ratingReference } from '../src/modules/trainings/rating-tasks.ts';
import { trainingRegistrations, trainings, trainingValuations } from '../src/modules/trainings/trainings.table.ts';
import { taskAssignments, tasks } from '../src/modules/tasks/tasks.table.ts';
import { users } from '../src/modules/users/users.table.ts';
import { todayIso } from '../src/platform/dates.ts';
import { buildTestApp, type TestContext } from './helpers.ts';

let t: TestContext;
let ids: Record<string, string>;
const today = todayIso();

beforeAll(async () => {
  t = await buildTestApp();
  const people = await t.db.select({ id: users.id, email: users.email }).from(users);
  ids = Object.fromEntries(people.map((p) => [p.email, p.id]));
  // The demo company's past trainings are handled first, so each test sees only its own.
  await openRatingTasks(t, today);
});
afterAll(() => t.close());

async function training(title: string, date: string, registrations: { email: string; approved?: boolean; waitingList?: boolean; attended?: boolean }[] = []) {
  const [tr] = await t.db
    .insert(trainings)
    .values({
      title,
      category: 'Schulungen',
      description: 'Praxis am Muster.',
      address: 'Aachener Straße 200',
      zip: '50931',
      city: 'Köln',
      contactPerson: ids['personalleitung@example.com'],
      date,
      time: '09:00',
      contingent: 5,
      ratings: [{ label: 'Was nehmen Sie mit?', type: 'Frage' }],
    })
    .returning({ id: trainings.id });
  if (registrations.length)
    await t.db.insert(trainingRegistrations).values(
      registrations.map((r) => ({ trainingId: tr!.id, userId: ids[r.email], approved: r.approved ?? false, waitingList: r.waitingList ?? false, attended: r.attended ?? null })),
    );
  return tr!.id;
}

const ratingTask = async (trainingId: string) => (await t.db.select().from(tasks).where(eq(tasks.reference, ratingReference(trainingId))))[0];
const recipients = async (trainingId: string) => {
  const task = await ratingTask(trainingId);
  if (!task) return [];
  const rows = await t.db.select({ userId: taskAssignments.userId, completedAt: taskAssignments.completedAt }).from(taskAssignments).where(eq(taskAssignments.taskId, task.id));
  const email = (id: string) => Object.keys(ids).find((e) => ids[e] === id);
  return rows.map((r) => ({ email: email(r.userId), done: r.completedAt !== null })).sort((a, b) => a.email!.localeCompare(b.email!));
};
const ownOpenTasks = async (email: string) =>
  (await t.as(await t.login(email), { method: 'GET', url: '/api/task/list/0/all/all/0?taskview=2' })).json().tasks as { id: string; title: string; link: string; locked: boolean; createdByFullName: string }[];

describe('rating tasks after a training', () => {
  it('the day after, each approved participant who came and has not rated gets the task; once only', async () => {
    const yesterday = addDays(today, -1);
    const id = await training('Fugenlos verlegen', yesterday, [
      { email: 'verkauf@example.com', approved: true },
      { email: 'azubi@example.com', approved: true, attended: false },
      { email: 'filialleitung@example.com', approved: true, attended: true },
      { email: 'aushilfe@example.com', waitingList: true },
      { email: 'bodenleger@example.com' },
    ]);
    await t.db.insert(trainingValuations).values({ trainingId: id, userId: ids['filialleitung@example.com'], answers: [{ label: 'Was nehmen Sie mit?', value: 'Viel.' }] });

    // On the day itself nothing is due yet.
    expect(await openRatingTasks(t, yesterday)).toBe(0);
    expect(await ratingTask(id)).toBeUndefined();

    expect(await openRatingTasks(t, today)).toBe(1);
    expect(await recipients(id)).toEqual([{ email: 'verkauf@example.com', done: false }]);
    const task = (await ratingTask(id))!;
    expect(task.deadline).toBe(addDays(yesterday, 14));
    expect(task.locked).toBe(true);
    const [mine] = (await ownOpenTasks('verkauf@example.com')).filter((x) => x.id === task.id);
    expect(mine).toMatchObject({
      title: `Veranstaltung bewerten: Fugenlos verlegen (${yesterday.split('-').reverse().join('.')})`,
      link: `/veranstaltungen?id=${id}&bewerten=1`,
      locked: true,
      // The portal sent it, not a person whose account is gone.
      createdByFullName: MSG.systemSender,
    });
    // Not ticked by hand: rating is what completes it.
    const tick = await t.as(await t.login('verkauf@example.com'), { method: 'PUT', url: `/api/task/${task.id}`, payload: { task: { completed: true } } });
    expect(tick.statusCode).toBe(403);

    // The next run (and every later one) leaves it alone.
    expect(await openRatingTasks(t, today)).toBe(0);
    expect(await t.db.select().from(tasks).where(eq(tasks.reference, ratingReference(id)))).toHaveLength(1);

    const rated = await t.as(await t.login('verkauf@example.com'), {
      method: 'POST',
      url: '/api/valuation',
      payload: { valuation: { trainingId: id, answers: [{ label: 'Was nehmen Sie mit?', value: 'Die Dehnfuge.' }] } },
    });
    expect(rated.statusCode).toBe(200);
    expect(await recipients(id)).toEqual([{ email: 'verkauf@example.com', done: true }]);
    expect((await ownOpenTasks('verkauf@example.com')).some((x) => x.id === task.id)).toBe(false);
  });

  it('follows attendance recorded later: who did not come loses the task, who came gets it back', async () => {
    const id = await training('Parkett ölen', addDays(today, -2), [{ email: 'verkauf@example.com', approved: true }]);
    await openRatingTasks(t, today);
    const [reg] = await t.db.select().from(trainingRegistrations).where(eq(trainingRegistrations.trainingId, id));
    const mark = async (attended: boolean) =>
      t.as(await t.login('personalleitung@example.com'), { method: 'POST', url: `/api/training/register/attendance/${reg!.id}`, payload: { attended } });

    expect((await mark(false)).statusCode).toBe(200);
    expect(await recipients(id)).toEqual([]);
    expect((await mark(true)).statusCode).toBe(200);
    expect(await recipients(id)).toEqual([{ email: 'verkauf@example.com', done: false }]);
    // Someone who may not record attendance changes nothing.
    const refused = await t.as(await t.login('azubi@example.com'), { method: 'POST', url: `/api/training/register/attendance/${reg!.id}`, payload: { attended: false } });
    expect(refused.statusCode).toBe(404);
    expect(await recipients(id)).toEqual([{ email: 'verkauf@example.com', done: false }]);
  });

  it('gives none for trainings long past, cancelled ones or without participants; a deleted training takes its task along', async () => {
    const old = await training('Lange her', addDays(today, -20), [{ email: 'verkauf@example.com', approved: true }]);
    const cancelled = await training('Abgesagt', addDays(today, -1), [{ email: 'verkauf@example.com', approved: true }]);
    await t.db.update(trainings).set({ cancelledAt: new Date() }).where(eq(trainings.id, cancelled));
    const empty = await training('Niemand da', addDays(today, -1), [{ email: 'verkauf@example.com', waitingList: true }]);
    const doomed = await training('Wird gelöscht', addDays(today, -1), [{ email: 'verkauf@example.com', approved: true }]);

    expect(await openRatingTasks(t, today)).toBe(1);
    for (const id of [old, cancelled, empty]) expect(await ratingTask(id)).toBeUndefined();
    const [handled] = await t.db.select({ at: trainings.ratingTasksAt }).from(trainings).where(eq(trainings.id, old));
    expect(handled!.at).not.toBeNull();

    expect(await ratingTask(doomed)).toBeDefined();
    const del = await t.as(await t.login('personalleitung@example.com'), { method: 'DELETE', url: `/api/training/${doomed}` });
    expect(del.statusCode).toBe(204);
    expect(await ratingTask(doomed)).toBeUndefined();
  });

  it('hands out each task once when several instances run the job at the same moment', async () => {
    const id = await training('Gleichzeitig', addDays(today, -1), [
      { email: 'verkauf@example.com', approved: true },
      { email: 'azubi@example.com', approved: true },
    ]);
    const opened = await Promise.all(Array.from({ length: 6 }, () => openRatingTasks(t, today)));
    expect(opened.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await t.db.select().from(tasks).where(eq(tasks.reference, ratingReference(id)))).toHaveLength(1);
    expect(await recipients(id)).toEqual([
      { email: 'azubi@example.com', done: false },
      { email: 'verkauf@example.com', done: false },
    ]);
  });
});
