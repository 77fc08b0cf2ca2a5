import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { todayIso } from '../src/platform/dates.ts';
import { locations } from '../src/modules/locations/locations.table.ts';
import { MAX_STREAMS_PER_USER } from '../src/modules/live/live.routes.ts';
import { createLiveHub, LIVE_CHANNEL, parseKinds, type LiveKind } from '../src/platform/live.ts';
import { listenPostgres } from '../src/platform/notify.ts';
import { buildTestApp, type TestContext } from './helpers.ts';

let t: TestContext;
let base: string;
let koeln: string;
beforeAll(async () => {
  t = await buildTestApp({ liveStreamMs: 60_000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  koeln = (await t.db.select({ id: locations.id }).from(locations).where(eq(locations.name, 'Filiale Köln')))[0]!.id;
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => t.close());

/** An open event stream: the events seen so far, and a wait for the next one of a name. */
async function openStream(token: string | null) {
  const events: { event: string; data: string }[] = [];
  const waiters: (() => void)[] = [];
  // node:http with a socket of its own: closing the stream closes the connection, nothing lingers.
  const req = http.get(`${base}/api/events`, { agent: false, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => req.on('response', resolve).on('error', reject));
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data !== undefined) events.push({ event, data });
      for (const w of waiters.splice(0)) w();
    }
  });
  res.on('error', () => undefined);
  const next = async (event: string, after: number, timeoutMs = 2000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = events.slice(after).find((e) => e.event === event);
      if (hit) return hit;
      if (Date.now() > deadline) return null;
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  };
  return { status: res.statusCode, contentType: res.headers['content-type'], events, next, close: () => req.destroy() };
}

describe('GET /api/events', () => {
  it('refuses a stranger with 401 and opens a stream for a logged-in user', async () => {
    const stranger = await openStream(null);
    expect(stranger.status).toBe(401);
    stranger.close();
    const token = await t.login('verkauf@example.com');
    const s = await openStream(token);
    expect(s.status).toBe(200);
    expect(s.contentType).toMatch(/^text\/event-stream/);
    expect(await s.next('ready', 0)).not.toBeNull();
    s.close();
  });

  it('one person holds at most 20 streams on an instance; the 21st gets 429 until one closes', async () => {
    const token = await t.login('lagerist@example.com');
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await openStream(token));
    expect(streams.every((s) => s.status === 200)).toBe(true);
    const refused = await openStream(token);
    expect(refused.status).toBe(429);
    refused.close();
    // Someone else is not affected.
    const other = await openStream(await t.login('verkauf@example.com'));
    expect(other.status).toBe(200);
    other.close();
    streams.pop()!.close();
    await new Promise((r) => setTimeout(r, 100));
    const again = await openStream(token);
    expect(again.status).toBe(200);
    for (const s of [...streams, again]) s.close();
  });

  it('a task given to someone announces "tasks" to the open streams', async () => {
    const s = await openStream(await t.login('verkauf@example.com'));
    await s.next('ready', 0);
    const from = s.events.length;
    const res = await t.as(await t.login('filialleitung@example.com'), {
      method: 'POST',
      url: '/api/task',
      payload: { title: 'Ware auszeichnen', deadline: '2030-05-02', teams: ['Verkauf'] },
    });
    expect(res.statusCode).toBe(200);
    // The recipients' bell ('notifications') may come as an event of its own, before or after.
    let changed = await s.next('changed', from);
    while (changed && !(JSON.parse(changed.data) as LiveKind[]).includes('tasks')) changed = await s.next('changed', s.events.indexOf(changed) + 1);
    expect(changed && (JSON.parse(changed.data) as LiveKind[])).toContain('tasks');
    s.close();
  });

  it('a refused write announces nothing', async () => {
    const s = await openStream(await t.login('verkauf@example.com'));
    await s.next('ready', 0);
    const from = s.events.length;
    const res = await t.as(await t.login('filialleitung@example.com'), { method: 'POST', url: '/api/task', payload: { title: '', deadline: 'morgen' } });
    expect(res.statusCode).toBe(400);
    expect(await s.next('changed', from, 500)).toBeNull();
    s.close();
  });

  it('a news post announces "news" and the reader’s counter has grown when read again', async () => {
    const reader = await t.login('verkauf@example.com');
    const unseen = async () => (await t.as(reader, { method: 'GET', url: '/api/news/unseen' })).json();
    const before = await unseen();
    const s = await openStream(reader);
    await s.next('ready', 0);
    const from = s.events.length;
    const res = await t.as(await t.login('personalleitung@example.com'), {
      method: 'POST',
      url: '/api/news',
      payload: { title: 'Neue Musterböden', text: '<p>Ab Montag in allen Filialen.</p>', date: todayIso(), locations: [koeln] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const changed = await s.next('changed', from);
    expect(changed && JSON.parse(changed.data)).toContain('news');
    expect(JSON.stringify(await unseen())).not.toBe(JSON.stringify(before));
    s.close();
  });
});

describe('the hub', () => {
  it('merges announcements within 50 ms into one event and drops unknown names', async () => {
    const hub = createLiveHub();
    const got: (readonly LiveKind[])[] = [];
    const stop = hub.subscribe((k) => got.push(k));
    hub.publish(['tasks']);
    hub.publish(['news', 'tasks']);
    await new Promise((r) => setTimeout(r, 120));
    expect(got).toEqual([['tasks', 'news']]);
    stop();
    hub.publish(['claims']);
    await new Promise((r) => setTimeout(r, 120));
    expect(got).toHaveLength(1);
    expect(parseKinds('tasks,unbekannt,claims')).toEqual(['tasks', 'claims']);
    expect(parseKinds(undefined)).toHaveLength(6);
  });

  it.skipIf(!process.env.DATABASE_URL)('on PostgreSQL, an announcement of one instance reaches another through NOTIFY', async () => {
    // NOTIFY reaches the listeners of the same database: both sides use the server's base database.
    const url = process.env.DATABASE_URL!;
    const sender = new pg.Client({ connectionString: url });
    await sender.connect();
    const notify = (payload: string) => sender.query('select pg_notify($1, $2)', [LIVE_CHANNEL, payload]);
    const a = createLiveHub({ notify });
    const b = createLiveHub({ notify });
    const got: (readonly LiveKind[])[] = [];
    b.subscribe((k) => got.push(k));
    let ready!: () => void;
    const listening = new Promise<void>((r) => (ready = r));
    const listener = listenPostgres(url, { [LIVE_CHANNEL]: (p) => (p === undefined ? ready() : b.deliver(parseKinds(p))) });
    try {
      await listening;
      const sent = Date.now();
      a.publish(['claims']);
      while (!got.some((k) => k.includes('claims')) && Date.now() - sent < 2000) await new Promise((r) => setTimeout(r, 20));
      expect(got.some((k) => k.includes('claims'))).toBe(true);
      expect(Date.now() - sent).toBeLessThan(2000);
    } finally {
      await listener.close();
      await sender.end();
    }
  });
});
