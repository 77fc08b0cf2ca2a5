import crypto from 'node:crypto';
import https from 'node:https';
import webpush, { WebPushError } from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService, type PushService } from './support/push-service.ts';

/**
 * The test push service is only worth something if it refuses what a real one refuses and reads
 * what a browser reads: these tests send with the real web-push library and check both.
 */

const SUBJECT = 'mailto:it@example.com';

describe('test push service (Web Push with VAPID and aes128gcm, sent by web-push)', () => {
  const keys = webpush.generateVAPIDKeys();
  const vapidDetails = { subject: SUBJECT, publicKey: keys.publicKey, privateKey: keys.privateKey };
  let push: PushService;

  beforeAll(async () => {
    push = await startPushService({ expectedPublicKey: keys.publicKey });
  });
  afterAll(async () => {
    await push.close();
  });

  it('decrypts the payload and records TTL, urgency, topic and the verified VAPID claims', async () => {
    const { subscription, id } = push.subscribe();
    const payload = JSON.stringify({ title: 'Neue Aufgabe', url: '/aufgaben/42' });
    const before = Math.floor(Date.now() / 1000);
    const result = await webpush.sendNotification(subscription, payload, { vapidDetails, TTL: 60, urgency: 'high', topic: 'aufgaben', agent: push.agent });
    expect(result.statusCode).toBe(201);
    expect(result.headers.location).toMatch(`${push.url}/message/`);

    const [message] = await push.waitFor(id, 1);
    expect(JSON.parse(message.payload)).toEqual({ title: 'Neue Aufgabe', url: '/aufgaben/42' });
    expect(message).toMatchObject({ ttl: 60, urgency: 'high', topic: 'aufgaben' });
    expect(message.vapid).toMatchObject({ sub: SUBJECT, aud: push.url, publicKey: keys.publicKey });
    // web-push asks for 12 hours; the service allows at most 24.
    expect(message.vapid.exp).toBeGreaterThan(before + 11 * 3600);
    expect(message.vapid.exp).toBeLessThanOrEqual(before + 24 * 3600 + 5);
    expect(push.refusals(id)).toEqual([]);
  });

  it('sends web-push defaults when only TTL is given: urgency normal, no topic', async () => {
    const { subscription, id } = push.subscribe();
    await webpush.sendNotification(subscription, '{}', { vapidDetails, TTL: 60, agent: push.agent });
    expect(push.received(id)).toMatchObject([{ payload: '{}', ttl: 60, urgency: 'normal', topic: null }]);
  });

  it('round-trips 3,000 bytes with umlauts', async () => {
    const { subscription, id } = push.subscribe();
    const text = 'Grüße aus der Filiale Köln, Öffnungszeiten geändert. ';
    // Filled up with ASCII to exactly 3,000 bytes of UTF-8 (the umlauts take two each).
    const filler = 3000 - Buffer.byteLength(JSON.stringify({ body: text.repeat(40), pad: '' }));
    const body = JSON.stringify({ body: text.repeat(40), pad: 'x'.repeat(filler) });
    expect(Buffer.byteLength(body)).toBe(3000);

    await webpush.sendNotification(subscription, body, { vapidDetails, TTL: 60, agent: push.agent });
    const [message] = await push.waitFor(id, 1);
    expect(message.payload).toBe(body);
  });

  it('refuses a body a push service need not take (over 4,096 bytes) with 413', async () => {
    const { subscription, id } = push.subscribe();
    const error = await webpush.sendNotification(subscription, 'x'.repeat(4000), { vapidDetails, TTL: 60, agent: push.agent }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebPushError);
    expect((error as WebPushError).statusCode).toBe(413);
    expect(push.received(id)).toEqual([]);
  });

  it('refuses a token with a tampered claim (401) and records why', async () => {
    const { subscription, id } = push.subscribe();
    const details = webpush.generateRequestDetails(subscription, 'hallo', { vapidDetails, TTL: 60 });
    const authorization = String(details.headers.Authorization);
    const [, token, k] = /^vapid t=([^,]+), k=(.+)$/.exec(authorization)!;
    const [head, claims, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(claims, 'base64url').toString()), sub: 'mailto:mallory@example.com' })).toString('base64url');

    const res = await post(push, subscription.endpoint, { ...details.headers, Authorization: `vapid t=${head}.${forged}.${signature}, k=${k}` }, details.body);
    expect(res.status).toBe(401);
    expect(push.refusals(id)).toMatchObject([{ status: 401, error: 'token signature does not verify with k' }]);
    expect(push.received(id)).toEqual([]);
  });

  it('refuses a token for another audience, and one without a contact', async () => {
    const { subscription, id } = push.subscribe();
    const { body, headers } = webpush.generateRequestDetails(subscription, 'hallo', { vapidDetails, TTL: 60 });
    const otherAudience = webpush.getVapidHeaders('https://push.example.com', SUBJECT, keys.publicKey, keys.privateKey, 'aes128gcm').Authorization;
    expect((await post(push, subscription.endpoint, { ...headers, Authorization: otherAudience }, body)).status).toBe(401);

    const noSub = `vapid t=${es256({ aud: push.url, exp: Math.floor(Date.now() / 1000) + 600 }, keys.privateKey, keys.publicKey)}, k=${keys.publicKey}`;
    expect((await post(push, subscription.endpoint, { ...headers, Authorization: noSub }, body)).status).toBe(401);
    const tooLong = `vapid t=${es256({ aud: push.url, exp: Math.floor(Date.now() / 1000) + 25 * 3600, sub: SUBJECT }, keys.privateKey, keys.publicKey)}, k=${keys.publicKey}`;
    expect((await post(push, subscription.endpoint, { ...headers, Authorization: tooLong }, body)).status).toBe(401);

    expect(push.refusals(id).map((r) => r.error)).toEqual([
      `token aud https://push.example.com, not ${push.url}`,
      'token sub not a mailto: or https: contact: undefined',
      expect.stringMatching(/more than 24 h ahead$/),
    ]);
  });

  it('refuses a signature by another key (403: not the key the subscription was made with)', async () => {
    const { subscription, id } = push.subscribe();
    const other = webpush.generateVAPIDKeys();
    const error = await webpush
      .sendNotification(subscription, 'hallo', { vapidDetails: { subject: SUBJECT, ...other }, TTL: 60, agent: push.agent })
      .catch((e: unknown) => e);
    expect((error as WebPushError).statusCode).toBe(403);
    expect(push.refusals(id)).toMatchObject([{ status: 403 }]);
  });

  it('refuses a push without VAPID or in the old aesgcm form', async () => {
    const { subscription, id } = push.subscribe();
    const bare = await webpush.sendNotification(subscription, 'hallo', { TTL: 60, agent: push.agent }).catch((e: unknown) => e);
    expect((bare as WebPushError).statusCode).toBe(401);
    const old = await webpush.sendNotification(subscription, 'hallo', { vapidDetails, TTL: 60, contentEncoding: 'aesgcm', agent: push.agent }).catch((e: unknown) => e);
    expect((old as WebPushError).statusCode).toBe(401);
    expect(push.refusals(id).map((r) => r.error)).toEqual(['Authorization header missing', 'Authorization scheme not vapid: WebPush']);
  });

  it('refuses a body encrypted for another subscription (400)', async () => {
    const mine = push.subscribe();
    const theirs = push.subscribe();
    const { body, headers } = webpush.generateRequestDetails(theirs.subscription, 'hallo', { vapidDetails, TTL: 60 });
    const res = await post(push, mine.subscription.endpoint, headers, body);
    expect(res.status).toBe(400);
    expect(push.refusals(mine.id)).toMatchObject([{ status: 400, error: 'record does not decrypt with the subscription keys' }]);
  });

  it('answers an expired subscription with 410, which web-push rejects with that status', async () => {
    const { subscription, id } = push.subscribe();
    push.answer(id, 410);
    const error = await webpush.sendNotification(subscription, 'hallo', { vapidDetails, TTL: 60, agent: push.agent }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebPushError);
    expect((error as WebPushError).statusCode).toBe(410);
    expect(push.requests(id)).toMatchObject([{ status: 410, error: null, message: null }]);

    push.answer(id, 201);
    await webpush.sendNotification(subscription, 'wieder da', { vapidDetails, TTL: 60, agent: push.agent });
    expect(push.received(id).map((m) => m.payload)).toEqual(['wieder da']);
  });

  it('answers an unknown endpoint with 404', async () => {
    const { subscription } = push.subscribe();
    const error = await webpush
      .sendNotification({ ...subscription, endpoint: `${push.url}/push/${crypto.randomUUID()}` }, 'hallo', { vapidDetails, TTL: 60, agent: push.agent })
      .catch((e: unknown) => e);
    expect((error as WebPushError).statusCode).toBe(404);
  });

  it('waitFor counts across subscriptions and reports what is missing on timeout', async () => {
    const a = push.subscribe();
    const before = push.received(a.id).length;
    await expect(push.waitFor(a.id, before + 1, 50)).rejects.toThrow(/0 of 1 messages/);
    const waiting = push.waitFor(null, push.requests().filter((r) => r.message).length + 1);
    await webpush.sendNotification(a.subscription, 'eins', { vapidDetails, TTL: 0, agent: push.agent });
    expect((await waiting).at(-1)).toMatchObject({ payload: 'eins', ttl: 0 });
  });
});

/** A request exactly as web-push would send it, with headers a test changed. */
function post(push: PushService, endpoint: string, headers: webpush.Headers, body: Buffer | null) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = https.request(endpoint, { method: 'POST', agent: push.agent, headers: headers as Record<string, string | number> }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

/** An ES256 JWT with the claims given, signed with a VAPID key pair in web-push's encoding. */
function es256(claims: Record<string, unknown>, privateKey: string, publicKey: string): string {
  const pub = Buffer.from(publicKey, 'base64url');
  const key = crypto.createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', d: privateKey, x: pub.subarray(1, 33).toString('base64url'), y: pub.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const input = `${Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${input}.${crypto.sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}
