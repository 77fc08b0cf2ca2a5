import https from 'node:https';
import tls from 'node:tls';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { PUSH_TITLES, type NotificationKind } from '@filialportal/core/notifications';
import type { ServiceDeps } from '../../platform/deps.ts';
import type { Mail } from '../../platform/mail.ts';
import { notificationOutbox, pushSubscriptions, vapidKeys } from './notifications.table.ts';

/** Messages one claim takes; a run claims until nothing is due. */
const BATCH = 25;
/** While an instance sends a claimed message, no other takes it; after this it counts as lost. */
const LEASE_SECONDS = 120;
/** Attempts before a message is given up: 30 s, 2 min, 8 min, 32 min, about 2 h and 8 h after the first. */
export const MAX_ATTEMPTS = 7;
/** How long a push service keeps a message for a browser that is off. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

const agents = new Map<string, https.Agent>();
/** With PUSH_CA_FILE, the push services' certificates are checked against it besides the usual ones. */
function agentFor(ca: string | null): https.Agent | undefined {
  if (!ca) return undefined;
  let agent = agents.get(ca);
  if (!agent) agents.set(ca, (agent = new https.Agent({ ca: [...tls.rootCertificates, ca], keepAlive: true })));
  return agent;
}

const keyCache = new WeakMap<object, Promise<{ publicKey: string; privateKey: string }>>();

/**
 * The VAPID key pair: the configured one, else the pair the first instance generated and stored;
 * several instances starting at once keep the one that was stored first.
 */
export function vapidKeysOf(deps: ServiceDeps<'db' | 'config'>): Promise<{ publicKey: string; privateKey: string }> {
  if (deps.config.vapid) return Promise.resolve(deps.config.vapid);
  let keys = keyCache.get(deps.db);
  if (!keys) {
    keys = (async () => {
      const made = webpush.generateVAPIDKeys();
      await deps.db.insert(vapidKeys).values({ id: 1, ...made }).onConflictDoNothing();
      const [row] = await deps.db.select().from(vapidKeys);
      return { publicKey: row!.publicKey, privateKey: row!.privateKey };
    })();
    keys.catch(() => keyCache.delete(deps.db));
    keyCache.set(deps.db, keys);
  }
  return keys;
}

interface Claimed {
  id: string;
  channel: 'push' | 'mail';
  attempts: number;
  mail: string | null;
  notification_id: string;
  kind: NotificationKind;
  link: string;
  subscription_id: string | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
}

/** Takes the due messages for this instance: for update skip locked, so two instances never take the same one. */
async function claim(db: ServiceDeps<'db'>['db']): Promise<Claimed[]> {
  const result = await db.execute(sql`
    with due as (
      select id from ${notificationOutbox} where next_attempt_at <= now()
      order by next_attempt_at limit ${BATCH} for update skip locked
    ), taken as (
      update ${notificationOutbox} o set attempts = o.attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
      from due where o.id = due.id
      returning o.id, o.channel, o.attempts, o.mail, o.notification_id, o.subscription_id
    )
    select taken.*, n.kind, n.link, s.endpoint, s.p256dh, s.auth
    from taken join notifications n on n.id = taken.notification_id
    left join ${pushSubscriptions} s on s.id = taken.subscription_id`);
  return (result as unknown as { rows: Claimed[] }).rows;
}

/** Seconds until the next attempt after `attempts` failed ones: 30 s, then four times as long each time. */
export const backoffSeconds = (attempts: number) => 30 * 4 ** Math.max(0, attempts - 1);

type Outcome = 'sent' | 'gone' | 'retry';

async function sendPush(deps: ServiceDeps<'db' | 'config'>, m: Claimed): Promise<Outcome> {
  if (!m.endpoint || !m.p256dh || !m.auth) return 'gone';
  const keys = await vapidKeysOf(deps);
  // Title and link only: what a lock screen may show (core/notifications.ts PUSH_TITLES).
  const payload = JSON.stringify({ title: PUSH_TITLES[m.kind], link: m.link, tag: m.notification_id });
  const agent = agentFor(deps.config.pushCa);
  const send = () =>
    webpush.sendNotification({ endpoint: m.endpoint!, keys: { p256dh: m.p256dh!, auth: m.auth! } }, payload, {
      vapidDetails: { subject: deps.config.vapidSubject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      timeout: 10_000,
      ...(agent ? { agent } : {}),
    });
  try {
    // A kept-alive connection the push service closed at the same moment fails: tried again at
    // once on a new one. Should the first have arrived after all, the browser shows the message
    // once, since both carry the notification's id as their tag.
    await send().catch((err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' || err.code === 'EPIPE' ? send() : Promise.reject(err)));
    return 'sent';
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    // The browser unsubscribed or the subscription expired: it will never receive anything again.
    if (status === 404 || status === 410) {
      await deps.db.delete(pushSubscriptions).where(sql`${pushSubscriptions.id} = ${m.subscription_id}`);
      return 'gone';
    }
    throw err;
  }
}

/**
 * Sends what is due in the outbox: push messages with VAPID, mails through the mailer. A message
 * sent is deleted; one that failed is tried again later (backoff), up to MAX_ATTEMPTS. Runs after
 * every notification and from the scheduler, on every instance; the claim keeps them apart.
 */
export async function deliverOutbox(deps: ServiceDeps<'db' | 'config' | 'mailer' | 'log'>): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (let round = 0; round < 100; round++) {
    const batch = await claim(deps.db);
    if (batch.length === 0) break;
    const outcomes = await Promise.all(
      batch.map(async (m): Promise<Outcome> => {
        try {
          if (m.channel === 'push') return await sendPush(deps, m);
          await deps.mailer.send(JSON.parse(m.mail!) as Mail);
          return 'sent';
        } catch (err) {
          deps.log.warn({ err: { message: (err as Error).message, statusCode: (err as { statusCode?: number }).statusCode }, channel: m.channel, attempts: m.attempts }, 'Benachrichtigung nicht zugestellt');
          return 'retry';
        }
      }),
    );
    const done = batch.filter((_, i) => outcomes[i] !== 'retry' || batch[i]!.attempts >= MAX_ATTEMPTS).map((m) => m.id);
    const again = batch.filter((_, i) => outcomes[i] === 'retry' && batch[i]!.attempts < MAX_ATTEMPTS);
    sent += outcomes.filter((o) => o === 'sent').length;
    failed += outcomes.filter((o) => o === 'retry').length;
    if (done.length > 0) await deps.db.execute(sql`delete from ${notificationOutbox} where id = any(${`{${done.join(',')}}`}::uuid[])`);
    for (const m of again) {
      await deps.db.execute(sql`update ${notificationOutbox} set next_attempt_at = now() + make_interval(secs => ${backoffSeconds(m.attempts)}) where id = ${m.id}`);
    }
    // A short batch took everything due: asking again would find nothing.
    if (batch.length < BATCH) break;
  }
  return { sent, failed };
}

/** Whether a run started by deliverSoon is under way for a database, and whether it is asked for once more. */
const runs = new WeakMap<object, { again: boolean }>();

/**
 * Sends what is due, after the current answer: one run at a time per database in this instance.
 * A notification made during a run asks for one more run after it, instead of a run of its own
 * beside it: under load, many runs at once would only compete for the same messages.
 */
export function deliverSoon(deps: ServiceDeps<'db' | 'config' | 'mailer' | 'log' | 'background'>): void {
  const current = runs.get(deps.db);
  if (current) {
    current.again = true;
    return;
  }
  const run = { again: false };
  runs.set(deps.db, run);
  deps.background.run('Benachrichtigungen senden', async () => {
    try {
      do {
        run.again = false;
        await deliverOutbox(deps);
      } while (run.again);
    } finally {
      runs.delete(deps.db);
    }
  });
}
