import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { absences } from '../src/modules/absences/absences.table.ts';
import { calendarFeeds } from '../src/modules/calendar-feeds/calendar-feeds.table.ts';
import { trainingRegistrations, trainings } from '../src/modules/trainings/trainings.table.ts';
import { users } from '../src/modules/users/users.table.ts';
import { currentYear } from '../src/platform/dates.ts';
import { buildTestApp, type TestContext } from './helpers.ts';

/** Calendar subscriptions: creating, listing, revoking; the feed as RFC 5545, stable UIDs, and what each feed may tell. */
let t: TestContext;
const id: Record<string, string> = {};
let koeln: string;
const lines: string[] = [];
const NEXT = currentYear() + 1;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await buildTestApp({ logger: { level: 'trace', stream } });
  for (const u of await t.db.select().from(users)) id[u.email] = u.id;
  koeln = (await t.db.select().from(users).where(eq(users.email, 'verkauf@example.com')))[0]!.locationId;
  await t.db.delete(absences).where(eq(absences.userId, id['verkauf@example.com']!));
  await t.db.insert(absences).values([
    { kind: 'vacation', userId: id['verkauf@example.com'], startDate: `${NEXT}-07-06`, endDate: `${NEXT}-07-10`, countDays: 5, daysByYear: { [NEXT]: 5 }, approved: true },
    { kind: 'vacation', userId: id['verkauf@example.com'], startDate: `${NEXT}-08-03`, endDate: `${NEXT}-08-03`, countDays: 0.5, daysByYear: { [NEXT]: 0.5 }, approved: true, dayLength: 'afternoon' },
    // Open: not in any feed.
    { kind: 'vacation', userId: id['verkauf@example.com'], startDate: `${NEXT}-09-07`, endDate: `${NEXT}-09-08`, countDays: 2, daysByYear: { [NEXT]: 2 } },
    { kind: 'sick', userId: id['verkauf@example.com'], startDate: `${NEXT}-02-01`, endDate: `${NEXT}-02-03`, countDays: 3, daysByYear: { [NEXT]: 3 } },
  ]);
});
afterAll(() => t.close());

const as = async (email: string, opts: Parameters<TestContext['as']>[1]) => t.as(await t.login(email), opts);
const create = (email: string, body: unknown) => as(email, { method: 'POST', url: '/api/ical/feeds', payload: body as never });
const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });
/** The events of a feed as ical.js reads them: summary, start, end (exclusive) and UID. */
function events(body: string) {
  const cal = new ICAL.Component(ICAL.parse(body));
  return cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return { uid: e.uid, summary: e.summary, start: e.startDate.toString(), end: e.endDate.toString(), allDay: e.startDate.isDate };
  });
}

describe('a personal feed', () => {
  let url: string;
  let feedId: string;

  it('is created with a secret address of 256 bits, shown once', async () => {
    const res = await create('verkauf@example.com', { kind: 'personal' });
    expect(res.statusCode).toBe(200);
    url = res.json().url;
    feedId = res.json().feed.id;
    expect(url).toMatch(/\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(res.json().feed).toMatchObject({ kind: 'personal', label: 'Eigene Abwesenheiten und Veranstaltungen', lastUsedAt: null });
    const list = (await as('verkauf@example.com', { method: 'GET', url: '/api/ical/feeds' })).json();
    expect(list.feeds).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(url.split('/ical/')[1]!.slice(0, 43));
    // Only the hash is stored.
    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feedId));
    expect(row!.secretHash).not.toContain(url.split('/ical/')[1]!.slice(0, 43));
  });

  it('serves valid iCalendar with the approved vacations, a half day, own sickness as “Abwesend”, and approved trainings', async () => {
    const [training] = await t.db.select().from(trainings).limit(1);
    await t.db.update(trainings).set({ date: `${NEXT}-05-12`, time: '09:30', cancelledAt: null }).where(eq(trainings.id, training!.id));
    await t.db.delete(trainingRegistrations).where(eq(trainingRegistrations.trainingId, training!.id));
    await t.db.insert(trainingRegistrations).values({ trainingId: training!.id, userId: id['verkauf@example.com'], approved: true });

    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(res.body.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    const all = events(res.body);
    expect(all.filter((e) => e.allDay).map((e) => [e.summary, e.start, e.end])).toEqual([
      ['Abwesend', `${NEXT}-02-01`, `${NEXT}-02-04`],
      ['Urlaub', `${NEXT}-07-06`, `${NEXT}-07-11`],
      ['Urlaub (nachmittags)', `${NEXT}-08-03`, `${NEXT}-08-04`],
    ]);
    const course = all.find((e) => e.uid === `training-${training!.id}@filialportal`)!;
    expect(course).toMatchObject({ summary: training!.title, uid: `training-${training!.id}@filialportal` });
    // 09:30 in Berlin (summer time) is 07:30 UTC.
    expect(course.start).toBe(`${NEXT}-05-12T07:30:00Z`);
  });

  it('keeps the UIDs when an event changes, so calendars update it in place', async () => {
    const before = events((await fetchFeed(url)).body);
    await t.db.update(absences).set({ endDate: `${NEXT}-07-13`, updatedAt: new Date(Date.now() + 5000) }).where(eq(absences.startDate, `${NEXT}-07-06`));
    const after = events((await fetchFeed(url)).body);
    const was = before.find((e) => e.start === `${NEXT}-07-06`)!;
    const now = after.find((e) => e.start === `${NEXT}-07-06`)!;
    expect(now.uid).toBe(was.uid);
    expect(now.end).toBe(`${NEXT}-07-14`);
  });

  it('never writes the secret into the log', () => {
    const secret = url.split('/ical/')[1]!.slice(0, 43);
    // A request line, as Fastify writes one when request logging is on.
    t.app.log.info({ req: { method: 'GET', url: new URL(url).pathname, headers: {} } }, 'incoming request');
    expect(lines.join('\n')).not.toContain(secret);
    expect(lines.some((l) => l.includes('/ical/[entfernt].ics'))).toBe(true);
  });

  it('someone else cannot revoke it; the owner can, and the address answers 404 from then on', async () => {
    expect((await as('azubi@example.com', { method: 'DELETE', url: `/api/ical/feeds/${feedId}` })).statusCode).toBe(404);
    expect((await fetchFeed(url)).statusCode).toBe(200);
    expect((await as('verkauf@example.com', { method: 'DELETE', url: `/api/ical/feeds/${feedId}` })).statusCode).toBe(204);
    const gone = await fetchFeed(url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: { code: 'not_found', message: 'Dieses Kalender-Abo gibt es nicht oder nicht mehr.' } });
  });

  it('unknown and malformed addresses answer 404, an overlong one 414', async () => {
    for (const path of ['/ical/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics', '/ical/x.ics', `/ical/${'a'.repeat(90)}.ics`, '/ical/%00.ics', '/ical/abc']) {
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/ical/${'a'.repeat(5000)}.ics` })).statusCode).toBe(414);
  });
});

describe('a location feed', () => {
  it('needs the right to see that location’s calendar; refused, nothing saved', async () => {
    const before = (await t.db.select().from(calendarFeeds)).length;
    const res = await create('lagerist@example.com', { kind: 'location', locationId: koeln });
    expect(res.statusCode).toBe(403);
    const missing = await create('verkauf@example.com', { kind: 'location' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Bitte wählen Sie einen Standort.');
    const odd = await create('verkauf@example.com', { kind: 'team' });
    expect(odd.statusCode).toBe(400);
    expect((await t.db.select().from(calendarFeeds)).length).toBe(before);
  });

  it('a colleague’s feed says “Abwesend” for everyone, never the kind; the branch manager’s names it', async () => {
    const colleague = (await create('azubi@example.com', { kind: 'location', locationId: koeln })).json();
    expect(colleague.feed.label).toBe('Abwesenheiten Filiale Köln');
    const seen = events((await fetchFeed(colleague.url)).body).filter((e) => e.summary.startsWith('Verkauf') || e.start.startsWith(String(NEXT)));
    const verkaufName = (await t.db.select().from(users).where(eq(users.id, id['verkauf@example.com']!)))[0]!;
    const his = seen.filter((e) => e.summary.startsWith(`${verkaufName.firstName} ${verkaufName.lastName}:`));
    expect(his.map((e) => e.summary).sort()).toEqual([`${verkaufName.firstName} ${verkaufName.lastName}: Abwesend`, `${verkaufName.firstName} ${verkaufName.lastName}: Abwesend`, `${verkaufName.firstName} ${verkaufName.lastName}: Abwesend (nachmittags)`].sort());
    const body = (await fetchFeed(colleague.url)).body;
    expect(body).not.toMatch(/Krank|Urlaub/);

    const manager = (await create('filialleitung@example.com', { kind: 'location', locationId: koeln })).json();
    const named = events((await fetchFeed(manager.url)).body).filter((e) => e.summary.startsWith(`${verkaufName.firstName} ${verkaufName.lastName}:`)).map((e) => e.summary);
    expect(named).toContain(`${verkaufName.firstName} ${verkaufName.lastName}: Krank`);
    expect(named).toContain(`${verkaufName.firstName} ${verkaufName.lastName}: Urlaub`);
  });

  it('stops answering when the owner is deactivated', async () => {
    const feed = (await create('aushilfe@example.com', { kind: 'location', locationId: koeln })).json();
    expect((await fetchFeed(feed.url)).statusCode).toBe(200);
    await t.db.update(users).set({ active: false }).where(eq(users.id, id['aushilfe@example.com']!));
    expect((await fetchFeed(feed.url)).statusCode).toBe(404);
  });
});

describe('the limit of ten per person', () => {
  it('holds when twelve arrive at once: ten made, two refused with the message, ten stored', async () => {
    const token = await t.login('lagerist@example.com');
    const mine = () => t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, id['lagerist@example.com']!));
    expect(await mine()).toHaveLength(0);
    const all = await Promise.all(Array.from({ length: 12 }, () => t.as(token, { method: 'POST', url: '/api/ical/feeds', payload: { kind: 'personal' } })));
    expect(all.filter((r) => r.statusCode === 200)).toHaveLength(10);
    const refused = all.filter((r) => r.statusCode !== 200);
    expect(refused.map((r) => [r.statusCode, r.json().error.message])).toEqual(
      Array(2).fill([400, 'Sie können höchstens 10 Kalender-Abos anlegen. Bitte widerrufen Sie eines, das Sie nicht mehr brauchen.']),
    );
    expect(await mine()).toHaveLength(10);
  });
});
