import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import type { PushSubscriptionJson } from '@filialportal/core/notifications';
import type { Actor } from '../../platform/access.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { pushSubscriptions } from './notifications.table.ts';
import { vapidKeysOf } from './outbox.ts';

/** Browsers (subscriptions) one person may keep: phones, tablets and computers, with room to spare. */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

/** GET /push/key: the public VAPID key a browser subscribes with. */
export async function pushKey(deps: ServiceDeps<'db' | 'config'>) {
  return { publicKey: (await vapidKeysOf(deps)).publicKey };
}

const fromBase64Url = (s: string) => Buffer.from(s.replace(/=+$/, ''), 'base64url');

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/i;
/** Address literals of private, link-local and unspecified networks (RFC 1918, 6598, 3927, 4193). */
const PRIVATE = /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.|0\.|\[f[cd]|\[fe80:|\[::\]|\[::ffff:)/i;

/**
 * Whether the endpoint is one the server may send to: https on a public name or address, as the
 * browsers' push services are. An address inside the company network would let anyone logged in
 * make the server post to it; the loopback address only when configured (a local push service).
 */
function endpointAllowed(endpoint: URL, allowLoopback: boolean) {
  if (endpoint.protocol !== 'https:' || endpoint.username || endpoint.password) return false;
  if (LOOPBACK.test(endpoint.hostname)) return allowLoopback;
  return !PRIVATE.test(endpoint.hostname);
}

/**
 * POST /push/subscriptions: the browser's PushSubscription for this person. The keys must be what
 * the Push API gives: a P-256 point (65 bytes, uncompressed) and a 16-byte secret. The same
 * endpoint again (a new login on the same browser) moves it to this person.
 */
export async function subscribePush(deps: ServiceDeps<'db' | 'config'>, actor: Actor, sub: PushSubscriptionJson) {
  const p256dh = fromBase64Url(sub.keys.p256dh);
  const auth = fromBase64Url(sub.keys.auth);
  if (p256dh.length !== 65 || p256dh[0] !== 4 || auth.length !== 16) throw badRequest(MSG.pushSubscriptionInvalid);
  if (!endpointAllowed(new URL(sub.endpoint), deps.config.pushAllowLoopback)) throw badRequest(MSG.pushSubscriptionInvalid);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId: actor.userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId: actor.userId, p256dh: sub.keys.p256dh, auth: sub.keys.auth, createdAt: sql`now()` } })
      .returning({ id: pushSubscriptions.id });
    // The oldest beyond the limit go: a person's forgotten browsers, not someone else's.
    await tx.execute(sql`
      delete from ${pushSubscriptions} where user_id = ${actor.userId} and id not in (
        select id from ${pushSubscriptions} where user_id = ${actor.userId} order by created_at desc limit ${MAX_SUBSCRIPTIONS_PER_USER})`);
    return { id: row!.id, endpoint: sub.endpoint };
  });
}

/** DELETE /push/subscriptions: the person's browser no longer receives push messages. */
export async function unsubscribePush({ db }: ServiceDeps<'db'>, actor: Actor, { endpoint }: { endpoint: string }) {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, actor.userId)))
    .returning({ id: pushSubscriptions.id });
  if (gone.length === 0) throw notFound(MSG.pushSubscriptionUnknown);
}
