import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { todayIso } from '../src/platform/dates.ts';
import { absences } from '../src/modules/absences/absences.table.ts';
import { locations } from '../src/modules/locations/locations.table.ts';
import { news } from '../src/modules/news/news.table.ts';
import { articles } from '../src/modules/stock/stock.table.ts';
import { trainingRegistrations, trainings } from '../src/modules/trainings/trainings.table.ts';
import { users } from '../src/modules/users/users.table.ts';
import { buildTestApp, type TestContext } from './helpers.ts';

/**
 * The entity fields the spec names (spec 1–3 §3), beside the fields the web uses: a client written
 * against the spec reads them unchanged.
 */

let t: TestContext;
let ids: Record<string, string>;
const as = async (email: string, opts: Parameters<TestContext['as']>[1]) => t.as(await t.login(email), opts);
const DDMMYYYY = /^\d{2}\.\d{2}\.\d{4}$/;

beforeAll(async () => {
  t = await buildTestApp();
  const people = await t.db.select({ id: users.id, email: users.email }).from(users);
  ids = Object.fromEntries(people.map((p) => [p.email, p.id]));
});
afterAll(() => t.close());

describe('GET /user-popup', () => {
  it('gives full name, avatar, group and location, of oneself or of a colleague by id', async () => {
    const own = await as('verkauf@example.com', { method: 'GET', url: '/api/user-popup' });
    expect(own.statusCode).toBe(200);
    const [v] = await t.db
      .select({ firstName: users.firstName, lastName: users.lastName, location: locations.name })
      .from(users)
      .innerJoin(locations, eq(locations.id, users.locationId))
      .where(eq(users.id, ids['verkauf@example.com']!));
    expect(own.json()).toMatchObject({ id: ids['verkauf@example.com'], fullName: `${v!.firstName} ${v!.lastName}`, roleLabel: 'Verkauf', locationLabel: v!.location });
    expect(own.json()).toHaveProperty('resourceUri');
    const other = await as('verkauf@example.com', { method: 'GET', url: `/api/user-popup?id=${ids['admin@example.com']}` });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ id: ids['admin@example.com'], roleLabel: 'Admin' });
    expect(Object.keys(other.json()).sort()).toEqual(['firstName', 'fullName', 'id', 'lastName', 'locationLabel', 'resourceUri', 'roleLabel']);
  });

  it('404 for an unknown person, 401 without a session', async () => {
    expect((await as('verkauf@example.com', { method: 'GET', url: '/api/user-popup?id=00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/user-popup' })).statusCode).toBe(401);
  });
});

describe('likes in the spec’s names', () => {
  let newsId: string;
  beforeAll(async () => {
    const res = await as('admin@example.com', { method: 'GET', url: '/api/news/list/0?view=1' });
    newsId = res.json().news[0].id;
  });

  it('POST /like and POST /likes (body: only the entity) carry count and likedByCurrentUser per entity', async () => {
    let liked = await as('admin@example.com', { method: 'POST', url: '/api/like', payload: { entity: 'News', entityId: newsId } });
    if (!liked.json().liked) liked = await as('admin@example.com', { method: 'POST', url: '/api/like', payload: { entity: 'News', entityId: newsId } });
    expect(liked.json()).toMatchObject({ entityId: newsId, likedByCurrentUser: true });
    expect(liked.json().count).toBe(liked.json().likeCount);
    expect(liked.json().count).toBeGreaterThan(0);

    const counts = await as('admin@example.com', { method: 'POST', url: '/api/likes', payload: { entity: 'News' } });
    expect(counts.statusCode).toBe(200);
    const entry = counts.json().counts.find((c: { entityId: string }) => c.entityId === newsId);
    expect(entry).toMatchObject({ count: liked.json().count, likedByCurrentUser: true });
    const one = await as('admin@example.com', { method: 'POST', url: '/api/likes', payload: { entity: 'News', entityIds: [newsId] } });
    expect(one.json().counts).toEqual([entry]);
  });

  it('GET /likes: a like entry has userId, userFullName and dateFormated (DD.MM.YYYY)', async () => {
    const res = await as('admin@example.com', { method: 'GET', url: `/api/likes?entity=News&entityId=${newsId}` });
    expect(res.statusCode).toBe(200);
    const mine = res.json().likes.find((l: { userId: string }) => l.userId === ids['admin@example.com']);
    expect(mine.userFullName).toBe(mine.userName);
    expect(mine.dateFormated).toMatch(DDMMYYYY);
    expect(mine.dateFormated).toBe(todayIso().split('-').reverse().join('.'));
  });
});

describe('calendar days in the spec’s fields', () => {
  it('each day has dt, date, dateIndex, weeks, isActive and users: the info line, then one line per row', async () => {
    const [koeln] = await t.db.select({ id: locations.id, name: locations.name }).from(locations).where(eq(locations.name, 'Filiale Köln'));
    const res = await as('admin@example.com', { method: 'GET', url: `/api/calendar/${koeln!.id}/${todayIso()}` });
    expect(res.statusCode).toBe(200);
    const week = res.json();
    expect(week.days).toHaveLength(7);
    for (const [i, day] of week.days.entries()) {
      expect(day).toMatchObject({ date: day.date, dateIndex: i, weeks: week.week, isActive: day.date === todayIso() });
      expect(new Date(day.dt).toISOString()).toBe(day.dt);
      const [info, ...rest] = day.users;
      expect(info).toMatchObject({ isInfo: true, info: day.info, userIndex: null, loc: koeln!.name });
      const people = rest.filter((l: { userIndex: number | null }) => l.userIndex !== null);
      expect(people.map((l: { userIndex: number }) => l.userIndex)).toEqual(week.rows.map((_: unknown, n: number) => n));
      for (const line of people) {
        const cell = week.rows[line.userIndex].cells[i];
        expect(line).toMatchObject({ status: cell.status, statusLabel: cell.statusLabel, info: cell.info, searchName: week.rows[line.userIndex].searchName, loc: koeln!.name });
      }
    }
    // This week one person of each branch is on vacation (demo): that line says so.
    const onVacation = week.days.flatMap((d: { users: { status: number | null; specialHoliday: boolean; isAppointment: boolean; divider: boolean }[] }) => d.users).find((l: { status: number | null }) => l.status === 3);
    expect(onVacation).toMatchObject({ status: 3, specialHoliday: false, isAppointment: false });
    expect(week.days[0].users.filter((l: { divider: boolean }) => l.divider).length).toBeGreaterThan(0);
  });
});

describe('trainings in the spec’s body shape', () => {
  const body = () => ({
    title: 'Fugenlos verlegen',
    category: 'Schulungen',
    description: 'Praxis am Muster.',
    address: 'Aachener Straße 200',
    zip: '50931',
    city: 'Köln',
    contactPerson: ids['personalleitung@example.com'],
    lecturer: '',
    dates: (() => {
      const d = new Date(`${todayIso()}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + 21);
      while (d.getUTCDay() !== 2) d.setUTCDate(d.getUTCDate() + 1);
      return d.toISOString().slice(0, 10).split('-').reverse().join('.');
    })(),
    time: '09:30',
    contingent: 3,
    ratings: [{ label: 'Wie war es?', type: 'Sternbewertung' }],
  });

  it('POST /training takes the training wrapped ({training: {…}}) as well as flat; PUT too', async () => {
    const before = (await t.db.select({ n: count() }).from(trainings))[0]!.n;
    const wrapped = await as('admin@example.com', { method: 'POST', url: '/api/training', payload: { training: body() } });
    expect(wrapped.statusCode).toBe(200);
    const [created] = wrapped.json().trainings;
    expect(created).toMatchObject({ title: 'Fugenlos verlegen', contingent: 3 });
    const flat = await as('admin@example.com', { method: 'POST', url: '/api/training', payload: { ...body(), title: 'Flach' } });
    expect(flat.statusCode).toBe(200);
    expect((await t.db.select({ n: count() }).from(trainings))[0]!.n).toBe(before + 2);
    const { dates: _d, time: _t, ...fields } = body();
    const put = await as('admin@example.com', { method: 'PUT', url: `/api/training/${created.id}`, payload: { training: { ...fields, title: 'Fugenlos verlegen II' } } });
    expect(put.statusCode).toBe(200);
    expect(put.json().training.title).toBe('Fugenlos verlegen II');
    const bad = await as('admin@example.com', { method: 'POST', url: '/api/training', payload: { training: { ...body(), title: '' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(MSG.trainingTitleRequired);
  });

  it("registering oneself twice answers 'Sie haben Sich bereits angemeldet'", async () => {
    const res = await as('admin@example.com', { method: 'POST', url: '/api/training', payload: { training: { ...body(), title: 'Zweimal' } } });
    const id = res.json().trainings[0].id as string;
    const first = await as('verkauf@example.com', { method: 'POST', url: '/api/training/registerdirect', payload: { training: { id, directRegistration: false } } });
    expect(first.json().registerStatus).toBe(200);
    const twice = await as('verkauf@example.com', { method: 'POST', url: '/api/training/registerdirect', payload: { id } });
    expect(twice.json()).toMatchObject({ registerStatus: 500, registerMessage: 'Sie haben Sich bereits angemeldet' });
    expect(MSG.trainingAlreadyRegisteredSelf).toBe('Sie haben Sich bereits angemeldet');
    expect(await t.db.select().from(trainingRegistrations).where(eq(trainingRegistrations.trainingId, id))).toHaveLength(1);
  });
});

describe('stock list rows carry stocks [{location, count}]', () => {
  it('a client reads the count it just wrote with /article/updatestock', async () => {
    const [a] = await t.db.select({ id: articles.id, ean: articles.ean, categoryId: articles.categoryId }).from(articles).where(eq(articles.active, true)).orderBy(asc(articles.number)).limit(1);
    const [loc] = await t.db.select({ id: locations.id, name: locations.name }).from(locations).where(eq(locations.name, 'Filiale Köln'));
    const wrote = await as('admin@example.com', { method: 'POST', url: '/api/article/updatestock', payload: { ean: a!.ean, location: loc!.id, count: 437 } });
    expect(wrote.statusCode).toBe(200);
    const find = async (query: string) => {
      const list = await as('admin@example.com', { method: 'GET', url: `/api/article/filter/${a!.categoryId}/null/null/null/0${query}` });
      expect(list.statusCode).toBe(200);
      return list.json().articles.find((r: { id: string }) => r.id === a!.id) as { stocks: { location: { id: string; name: string }; count: number }[] };
    };
    const row = await find('');
    expect(row.stocks.find((s) => s.location.id === loc!.id)).toEqual({ location: { id: loc!.id, name: loc!.name }, count: 437 });
    // Sorted by location name, each location once.
    const names = row.stocks.map((s) => s.location.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
    expect(new Set(row.stocks.map((s) => s.location.id)).size).toBe(row.stocks.length);
    // With a chosen location: only that one.
    expect((await find(`?location=${loc!.id}`)).stocks).toEqual([{ location: { id: loc!.id, name: loc!.name }, count: 437 }]);
  });
});

describe('list items carry the entity fields the spec names', () => {
  it('sick reports: confirmedByData and confirmedAtFormated', async () => {
    const res = await as('admin@example.com', { method: 'GET', url: '/api/sickreport/0/all/4' });
    expect(res.statusCode).toBe(200);
    const [row] = res.json().sickReports;
    const [stored] = await t.db
      .select({ by: absences.confirmedBy, at: absences.confirmedAt })
      .from(absences)
      .where(and(eq(absences.id, row.id), isNotNull(absences.confirmedBy)));
    const [who] = await t.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, stored!.by!));
    expect(row.confirmedByData).toBe(`${who!.firstName} ${who!.lastName}`);
    expect(row.confirmedAtFormated).toMatch(DDMMYYYY);
  });

  it('tasks: teams, locations, users and subtasks [name, completed] in both views', async () => {
    const created = await as('admin@example.com', {
      method: 'POST',
      url: '/api/task',
      payload: { title: 'Aktion vorbereiten', deadline: '2030-01-15', multiTask: true, users: [ids['verkauf@example.com']], subtasks: [{ name: 'Plakate' }, { name: 'Preise' }] },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().task.id as string;
    const subs = (await as('verkauf@example.com', { method: 'GET', url: `/api/subtasks/${id}` })).json().subtasks;
    await as('verkauf@example.com', { method: 'PUT', url: `/api/subtasks/${id}/${subs[0].id}`, payload: { completed: true } });

    const own = (await as('verkauf@example.com', { method: 'GET', url: '/api/task/list/0/all/all/0?taskview=2' })).json().tasks.find((x: { id: string }) => x.id === id);
    expect(own).toMatchObject({ teams: [], locations: [], users: [ids['verkauf@example.com']] });
    expect(own.subtasks.map((s: { name: string; completed: boolean }) => [s.name, s.completed])).toEqual([['Plakate', true], ['Preise', false]]);

    const delegated = (await as('admin@example.com', { method: 'GET', url: '/api/task/list/0/all/all/0?taskview=3' })).json().tasks.find((x: { id: string }) => x.id === id);
    expect(delegated).toMatchObject({ teams: [], locations: [], users: [ids['verkauf@example.com']] });
    // The only recipient ticked 'Plakate': done by all.
    expect(delegated.subtasks.map((s: { name: string; completed: boolean }) => [s.name, s.completed])).toEqual([['Plakate', true], ['Preise', false]]);
  });
});

// The demo has news to like and published items (checked once, so a failure above is not the data's).
it('the demo data this file relies on is there', async () => {
  expect((await t.db.select({ n: count() }).from(news))[0]!.n).toBeGreaterThan(0);
});
