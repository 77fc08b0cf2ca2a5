import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { NOTIFICATION_KINDS, PUSH_TITLES } from '@filialportal/core/notifications';
import { buildApp } from '../src/app.ts';
import { users } from '../src/modules/users/users.table.ts';
import { deleteOldNotifications, deliverOutbox, notificationOutbox, notifications, notify, pushSubscriptions } from '../src/modules/notifications/index.ts';
import { vapidKeysOf } from '../src/modules/notifications/outbox.ts';
import { createMailer } from '../src/platform/mail.ts';
import { buildTestApp, readOutbox, type TestContext } from './helpers.ts';
import { startPushService, type PushService } from './support/push-service.ts';

let t: TestContext;
let push: PushService;
let verkauf: string;
let lager: string;
const idOf: Record<string, string> = {};

beforeAll(async () => {
  push = await startPushService();
  t = await buildTestApp({ config: { pushAllowLoopback: true, pushCa: push.ca } });
  verkauf = await t.login('verkauf@example.com');
  lager = await t.login('lagerist@example.com');
  for (const u of await t.db.select({ id: users.id, email: users.email }).from(users)) idOf[u.email] = u.id;
});
afterAll(async () => {
  await t.close();
  await push.close();
});

/** What the app's services get: the test app's dependencies. */
const deps = () => t.app.deps;

async function mine(token: string, from = 0) {
  const res = await t.as(token, { method: 'GET', url: `/api/notifications?from=${from}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { notifications: { id: string; kind: string; title: string; link: string; readAt: string | null }[]; total: number; unread: number };
}
const outboxRows = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(notificationOutbox))[0]!.n;

describe('the notification centre', () => {
  it('shows a person only their own, newest first, with the unread count', async () => {
    const before = await mine(lager);
    const own = (await mine(verkauf)).unread;
    await notify(deps(), { kind: 'task_new', userIds: [idOf['verkauf@example.com']!], title: 'Neue Aufgabe: Regal auffüllen', link: '/aufgaben/eigene' });
    await notify(deps(), { kind: 'task_new', userIds: [idOf['verkauf@example.com']!], title: 'Neue Aufgabe: Preise prüfen', link: '/aufgaben/eigene' });
    const list = await mine(verkauf);
    expect(list.unread).toBe(own + 2);
    expect(list.notifications.map((n) => n.title).slice(0, 2)).toEqual(['Neue Aufgabe: Preise prüfen', 'Neue Aufgabe: Regal auffüllen']);
    expect(await mine(lager)).toEqual(before);
  });

  it('marks one read, refuses another person’s without changing it, and marks all read', async () => {
    const { notifications: [first, second], unread } = await mine(verkauf);
    const foreign = await t.as(lager, { method: 'PUT', url: `/api/notifications/${first!.id}/read` });
    expect(foreign.statusCode).toBe(404);
    expect((await mine(verkauf)).unread).toBe(unread);
    const read = await t.as(verkauf, { method: 'PUT', url: `/api/notifications/${first!.id}/read` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unread: unread - 1 });
    const again = await t.as(verkauf, { method: 'PUT', url: `/api/notifications/${first!.id}/read` });
    expect(again.json()).toEqual({ unread: unread - 1 });
    expect((await mine(verkauf)).notifications.find((n) => n.id === second!.id)!.readAt).toBeNull();
    expect((await t.as(verkauf, { method: 'PUT', url: '/api/notifications/read-all' })).json()).toEqual({ unread: 0 });
    expect((await mine(verkauf)).unread).toBe(0);
    expect((await t.as(verkauf, { method: 'PUT', url: '/api/notifications/kein-id/read' })).statusCode).toBe(400);
  });

  it('pages by 20 with the total', async () => {
    const id = idOf['lagerist@example.com']!;
    for (let i = 0; i < 23; i++) await notify(deps(), { kind: 'task_due', userIds: [id], title: `Aufgabe ${i} ist morgen fällig`, link: '/aufgaben/eigene', ref: `paging:${i}` });
    const page1 = await mine(lager);
    const page2 = await mine(lager, 20);
    expect(page1.notifications).toHaveLength(20);
    expect(page1.total).toBeGreaterThanOrEqual(23);
    expect(page2.notifications.length).toBe(page1.total - 20);
    expect(new Set([...page1.notifications, ...page2.notifications].map((n) => n.id)).size).toBe(page1.total);
    expect((await t.as(lager, { method: 'GET', url: '/api/notifications?from=-1' })).statusCode).toBe(400);
  });

  it('tells a person once per subject, however often it is reported', async () => {
    const id = idOf['lagerist@example.com']!;
    const before = (await mine(lager)).total;
    await Promise.all(Array.from({ length: 20 }, () => notify(deps(), { kind: 'task_due', userIds: [id, id], title: 'Inventur ist morgen fällig', link: '/aufgaben/eigene', ref: 'task-due:x:2026-12-01' })));
    expect((await mine(lager)).total).toBe(before + 1);
  });

  it('does not tell deactivated people', async () => {
    const id = idOf['aushilfe@example.com']!;
    await t.db.update(users).set({ active: false }).where(eq(users.id, id));
    try {
      await notify(deps(), { kind: 'task_new', userIds: [id], title: 'Neue Aufgabe: Deaktiviert', link: '/aufgaben' });
      expect(await t.db.select().from(notifications).where(and(eq(notifications.userId, id), eq(notifications.title, 'Neue Aufgabe: Deaktiviert')))).toEqual([]);
    } finally {
      await t.db.update(users).set({ active: true }).where(eq(users.id, id));
    }
  });

  it('keeps notifications 90 days', async () => {
    const id = idOf['lagerist@example.com']!;
    await notify(deps(), { kind: 'task_new', userIds: [id], title: 'Sehr alt', link: '/aufgaben', ref: 'old' });
    await t.db.update(notifications).set({ createdAt: sql`now() - interval '91 days'` }).where(eq(notifications.ref, 'old'));
    await notify(deps(), { kind: 'task_new', userIds: [id], title: 'Fast 90 Tage alt', link: '/aufgaben', ref: 'almost' });
    await t.db.update(notifications).set({ createdAt: sql`now() - interval '89 days'` }).where(eq(notifications.ref, 'almost'));
    expect(await deleteOldNotifications({ db: t.db }, 90, 500)).toBeGreaterThanOrEqual(1);
    const titles = (await t.db.select({ title: notifications.title }).from(notifications).where(eq(notifications.userId, id))).map((r) => r.title);
    expect(titles).toContain('Fast 90 Tage alt');
    expect(titles).not.toContain('Sehr alt');
  });

  it('refuses to list without a login', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});

describe('push and mail per kind', () => {
  it('lists every kind with its default and stores a choice', async () => {
    const res = await t.as(lager, { method: 'GET', url: '/api/notifications/settings' });
    expect(res.json().kinds.map((k: { kind: string }) => k.kind)).toEqual([...NOTIFICATION_KINDS]);
    expect(res.json().kinds.find((k: { kind: string }) => k.kind === 'vacation_decision')).toEqual({ kind: 'vacation_decision', push: true, mail: true });
    const saved = await t.as(lager, { method: 'PUT', url: '/api/notifications/settings', payload: { kinds: [{ kind: 'task_new', push: false, mail: true }] } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().kinds.find((k: { kind: string }) => k.kind === 'task_new')).toEqual({ kind: 'task_new', push: false, mail: true });
    expect(saved.json().kinds.find((k: { kind: string }) => k.kind === 'task_due')).toEqual({ kind: 'task_due', push: true, mail: false });
  });

  it('refuses an unknown kind or the same kind twice, and changes nothing', async () => {
    const before = (await t.as(lager, { method: 'GET', url: '/api/notifications/settings' })).json();
    for (const kinds of [[{ kind: 'krank', push: true, mail: true }], [{ kind: 'task_new', push: true, mail: true }, { kind: 'task_new', push: false, mail: false }], [{ kind: 'task_new', push: 'ja', mail: true }]]) {
      const res = await t.as(lager, { method: 'PUT', url: '/api/notifications/settings', payload: { kinds } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/[äöüÄÖÜß]|Bitte|ungültig/);
    }
    expect((await t.as(lager, { method: 'GET', url: '/api/notifications/settings' })).json()).toEqual(before);
  });

  it('mails a kind the person wants by mail, and not one they do not', async () => {
    const id = idOf['lagerist@example.com']!;
    const mailsBefore = readOutbox(t.outboxDir).length;
    // task_new: mail on (chosen above); task_due: mail off (default).
    await notify(deps(), { kind: 'task_new', userIds: [id], title: 'Neue Aufgabe: Lager fegen', body: 'Fällig am 01.12.2026', link: '/aufgaben/eigene' });
    await notify(deps(), { kind: 'task_due', userIds: [id], title: 'Aufgabe morgen fällig: Lager fegen', link: '/aufgaben/eigene', ref: 'mail-off' });
    await t.app.background.idle();
    const mails = readOutbox(t.outboxDir).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('lagerist@example.com');
    expect(mails[0]!.subject).toBe('Filialportal: Neue Aufgabe: Lager fegen');
    // The salutation with the person's first name, the title, the body and where it opens.
    expect(mails[0]!.text).toMatch(/^Hallo [^\s,]+,\n\nNeue Aufgabe: Lager fegen\n\nFällig am 01\.12\.2026\n\nIm Filialportal: \S+\/aufgaben\/eigene/);
    expect(await outboxRows()).toBe(0);
  });
});

describe('web push', () => {
  it('gives the same public key every time, generated once and kept in the database', async () => {
    const a = (await t.as(verkauf, { method: 'GET', url: '/api/push/key' })).json().publicKey as string;
    const b = (await t.as(lager, { method: 'GET', url: '/api/push/key' })).json().publicKey as string;
    expect(a).toBe(b);
    expect(Buffer.from(a, 'base64url')).toHaveLength(65);
    expect((await t.app.inject({ method: 'GET', url: '/api/push/key' })).statusCode).toBe(401);
  });

  it('refuses what is no browser subscription, with a German message, and stores nothing', async () => {
    const { subscription } = push.subscribe();
    const bad: unknown[] = [
      {},
      [],
      { ...subscription, endpoint: 'http://push.example.com/x' },
      { ...subscription, endpoint: 'https://10.0.0.5/x' },
      { ...subscription, endpoint: 'https://192.168.1.1/x' },
      { ...subscription, endpoint: 'https://169.254.169.254/latest' },
      { ...subscription, endpoint: 'javascript:alert(1)' },
      { ...subscription, keys: { p256dh: 'AAAA', auth: subscription.keys.auth } },
      { ...subscription, keys: { p256dh: Buffer.alloc(65, 7).toString('base64url'), auth: subscription.keys.auth } },
      { ...subscription, keys: { p256dh: subscription.keys.p256dh, auth: Buffer.alloc(32, 1).toString('base64url') } },
      { ...subscription, keys: { p256dh: subscription.keys.p256dh + '\u0000', auth: subscription.keys.auth } },
      { ...subscription, endpoint: `https://push.example.com/${'x'.repeat(3000)}` },
    ];
    for (const payload of bad) {
      const res = await t.as(verkauf, { method: 'POST', url: '/api/push/subscriptions', payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      // The input guard answers a NUL byte before the schema does, in its own words.
      expect([MSG.pushSubscriptionInvalid, MSG.invalidCharacters]).toContain(res.json().error.message);
    }
    expect(await t.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('sends a push through the real protocol: VAPID checked, payload decrypted, lock-screen title only', async () => {
    const keys = await vapidKeysOf(t.app.deps);
    const { subscription, id } = push.subscribe();
    const res = await t.as(verkauf, { method: 'POST', url: '/api/push/subscriptions', payload: subscription });
    expect(res.statusCode).toBe(201);
    await notify(deps(), { kind: 'sick_report', userIds: [idOf['verkauf@example.com']!], title: 'Krankmeldung von Lars Lager', link: '/krankmeldungen' });
    const [message] = await push.waitFor(id, 1);
    const payload = JSON.parse(message!.payload) as { title: string; link: string };
    expect(payload.title).toBe(PUSH_TITLES.sick_report);
    expect(message!.payload).not.toContain('Lager');
    expect(payload.link).toBe('/krankmeldungen');
    expect(message!.vapid.publicKey).toBe(keys.publicKey);
    expect(message!.vapid.aud).toBe(push.url);
    expect(message!.vapid.sub).toMatch(/^mailto:/);
    expect(message!.ttl).toBeGreaterThan(0);
    await t.app.background.idle();
    expect(await outboxRows()).toBe(0);
  });

  it('sends nothing by push for a kind the person turned push off for', async () => {
    const { subscription, id } = push.subscribe();
    await t.as(lager, { method: 'POST', url: '/api/push/subscriptions', payload: subscription });
    // task_new: push off for Lager (chosen above).
    await notify(deps(), { kind: 'task_new', userIds: [idOf['lagerist@example.com']!], title: 'Neue Aufgabe: Etiketten', link: '/aufgaben/eigene' });
    await notify(deps(), { kind: 'claim_state', userIds: [idOf['lagerist@example.com']!], title: 'Beanstandung 7 ist erledigt', link: '/beanstandungen' });
    await t.app.background.idle();
    const got = await push.waitFor(id, 1);
    expect(got.map((m) => JSON.parse(m.payload).title)).toEqual([PUSH_TITLES.claim_state]);
  });

  it('deletes a subscription the push service calls gone (410), and its messages with it', async () => {
    const { subscription, id } = push.subscribe();
    await t.as(verkauf, { method: 'POST', url: '/api/push/subscriptions', payload: subscription });
    push.answer(id, 410);
    await notify(deps(), { kind: 'news_confirm', userIds: [idOf['verkauf@example.com']!], title: 'Bitte lesen', link: '/neuigkeiten' });
    await t.app.background.idle();
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subscription.endpoint))).toEqual([]);
    expect(await outboxRows()).toBe(0);
  });

  it('tries again later when the push service fails, and gives up after the last attempt', async () => {
    const { subscription, id } = push.subscribe();
    await t.as(verkauf, { method: 'POST', url: '/api/push/subscriptions', payload: subscription });
    push.answer(id, 500);
    await notify(deps(), { kind: 'task_new', userIds: [idOf['verkauf@example.com']!], title: 'Neue Aufgabe: Kasse', link: '/aufgaben/eigene' });
    await t.app.background.idle();
    const [waiting] = await t.db.select().from(notificationOutbox);
    expect(waiting!.attempts).toBe(1);
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: nothing is sent.
    await deliverOutbox(deps());
    expect((await t.db.select().from(notificationOutbox))[0]!.attempts).toBe(1);
    // Due again, and the service answers: sent once, then gone from the outbox.
    push.answer(id, 201);
    await t.db.update(notificationOutbox).set({ nextAttemptAt: sql`now()` });
    expect((await deliverOutbox(deps())).sent).toBe(1);
    expect(push.received(id)).toHaveLength(1);
    expect(await outboxRows()).toBe(0);
  });

  it('removes a browser by its endpoint, only the person’s own', async () => {
    const { subscription } = push.subscribe();
    await t.as(verkauf, { method: 'POST', url: '/api/push/subscriptions', payload: subscription });
    const foreign = await t.as(lager, { method: 'DELETE', url: '/api/push/subscriptions', payload: { endpoint: subscription.endpoint } });
    expect(foreign.statusCode).toBe(404);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subscription.endpoint))).toHaveLength(1);
    expect((await t.as(verkauf, { method: 'DELETE', url: '/api/push/subscriptions', payload: { endpoint: subscription.endpoint } })).statusCode).toBe(204);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subscription.endpoint))).toEqual([]);
  });

  it('sends each message once when two instances work the outbox at the same time', async () => {
    const second = await buildApp({
      db: t.db,
      config: t.app.deps.config,
      mailer: createMailer({ smtpUrl: null, from: t.app.deps.config.mailFrom, outboxDir: t.outboxDir }),
      storage: t.storage,
      liveStreamMs: 20,
    });
    await second.ready();
    try {
      const { subscription, id } = push.subscribe();
      await t.as(lager, { method: 'POST', url: '/api/push/subscriptions', payload: subscription });
      // Written without sending (as if the instance stopped right after): both instances find them.
      await t.db.execute(sql`
        with made as (
          insert into notifications (user_id, kind, title, link, ref)
          select ${idOf['lagerist@example.com']!}::uuid, 'claim_state', 'Beanstandung ' || g, '/beanstandungen', 'two-instances:' || g from generate_series(1, 30) g
          returning id
        )
        insert into notification_outbox (notification_id, channel, subscription_id)
        select made.id, 'push', s.id from made, push_subscriptions s where s.endpoint = ${subscription.endpoint}`);
      const secondDeps = second.deps;
      const [a, b] = await Promise.all([deliverOutbox(deps()), deliverOutbox(secondDeps)]);
      expect(a.sent + b.sent).toBe(30);
      expect(a.failed + b.failed).toBe(0);
      const got = await push.waitFor(id, 30);
      expect(got).toHaveLength(30);
      expect(await outboxRows()).toBe(0);
    } finally {
      await second.close();
    }
  });
});
