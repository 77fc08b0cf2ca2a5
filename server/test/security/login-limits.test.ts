import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { loginLog } from '../../src/modules/session/session.table.ts';
import { buildTestApp, type TestContext } from '../helpers.ts';

/**
 * Login limits (issue "security"): brute force stays at a handful of password checks per account
 * and 15 minutes, but a stranger cannot lock a person out at their usual address; the client's
 * address behind a proxy is the right-most one the proxy saw, never what the client wrote.
 */
let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const attempt = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/token', payload: { username, password }, remoteAddress });

describe('lock-out', () => {
  it('gives strangers at most 5 password checks per account, from however many addresses', async () => {
    // 30 guesses from 30 addresses the account never logged in from.
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) answers.push((await attempt('admin@example.com', `raten${i}`, `203.0.113.${i + 1}`)).statusCode);
    expect(answers.filter((s) => s === 401)).toHaveLength(5);
    expect(answers.slice(5).every((s) => s === 429)).toBe(true);
    // Even the right password from yet another strange address waits.
    const right = await attempt('admin@example.com', 'demo1234', '203.0.113.200');
    expect(right.statusCode).toBe(429);
    expect(right.json().error.message).toBe(MSG.tooManyLoginAttempts);
  });

  it('lets the owner in at a usual address while strangers are locked out', async () => {
    // The owner logged in from the office before the attack …
    expect((await attempt('personalleitung@example.com', 'demo1234', '198.51.100.7')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) await attempt('personalleitung@example.com', `raten${i}`, `203.0.113.${50 + i}`);
    expect((await attempt('personalleitung@example.com', 'demo1234', '203.0.113.99')).statusCode).toBe(429);
    // … and still gets in there, with the right password, during the attack.
    const owner = await attempt('personalleitung@example.com', 'demo1234', '198.51.100.7');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().token).toEqual(expect.any(String));
  });

  it('locks one address after 5 wrong passwords there, and a success there starts afresh', async () => {
    const user = 'verwaltung@example.com';
    const ip = '198.51.100.20';
    expect((await attempt(user, 'demo1234', ip)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(user, `vertippt${i}`, ip)).statusCode).toBe(401);
    expect((await attempt(user, 'demo1234', ip)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt(user, `vertippt${i}`, ip)).statusCode).toBe(401);
    expect((await attempt(user, 'demo1234', ip)).statusCode).toBe(429);
    // Another known address of the same person is not affected.
    const [known] = await t.db.select({ n: count() }).from(loginLog).where(and(eq(loginLog.userName, user), eq(loginLog.success, true)));
    expect(known!.n).toBe(2);
  });

  it('writes every attempt, refused ones included, to the login log', async () => {
    const [rows] = await t.db.select({ n: count() }).from(loginLog).where(eq(loginLog.userName, 'admin@example.com'));
    expect(rows!.n).toBe(31);
  });
});

describe('client address behind a proxy', () => {
  let proxied: TestContext;
  beforeAll(async () => {
    proxied = await buildTestApp({ config: { trustProxy: 1 } });
  });
  afterAll(() => proxied.close());

  const viaProxy = (forwardedFor: string, username = 'verkauf@example.com', password = 'demo1234') =>
    proxied.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { username, password },
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('takes the right-most address the proxy appended, not the one the client wrote', async () => {
    // verkauf@ has no external login: only the demo IP list (127.0.0.1) lets it in.
    const forged = await viaProxy('127.0.0.1, 203.0.113.9');
    expect(forged.statusCode).toBe(406);
    const [row] = await proxied.db.select({ ip: loginLog.ip }).from(loginLog).where(eq(loginLog.userName, 'verkauf@example.com'));
    expect(row!.ip).toBe('203.0.113.9');
    // From the allowed address (as the proxy saw it) the login works.
    expect((await viaProxy('127.0.0.1')).statusCode).toBe(200);
  });

  it('keeps the per-address login limit on the real address, whatever the client writes before it', async () => {
    // Sent at once: the limit counts per minute, and thirty password checks one after the other can
    // take longer than that on a busy machine.
    const answers = await Promise.all(Array.from({ length: 30 }, async (_, i) => (await viaProxy(`127.0.0.${i + 2}, 203.0.113.77`, `niemand${i}@example.com`, 'falsch')).statusCode));
    expect(answers.every((s) => s === 401)).toBe(true);
    const limited = await viaProxy('127.0.0.99, 203.0.113.77', 'niemand99@example.com', 'falsch');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({ code: 'rate_limited', message: MSG.tooManyRequests });
    // 31 full password checks: seconds each when the machine's two cores are busy with other tests.
  }, 90_000);
});
