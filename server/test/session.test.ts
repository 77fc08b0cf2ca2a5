import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { loginLog, sessions } from '../src/modules/session/session.table.ts';
import { locations } from '../src/modules/locations/locations.table.ts';
import { userGroups } from '../src/modules/teams/teams.table.ts';
import { users } from '../src/modules/users/users.table.ts';
import { forgetAllowedIps } from '../src/modules/locations/locations.service.ts';
import { authenticate } from '../src/modules/session/authenticate.ts';
import pg from 'pg';
import { ACTOR_CHANNEL, forgetActorsHere } from '../src/platform/actor-cache.ts';
import { listenPostgres } from '../src/platform/notify.ts';
import { buildTestApp, readOutbox, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function logRows(userName: string) {
  return t.db.select().from(loginLog).where(eq(loginLog.userName, userName));
}

describe('POST /api/token', () => {
  it('logs in with form fields and writes a login log row', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=Admin%40example.com&password=demo1234',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toMatch(/^[\w-]{40,}$/);
    const rows = await logRows('admin@example.com');
    expect(rows.some((r) => r.success && r.ip === '127.0.0.1')).toBe(true);
    // Only the hash of the token is stored.
    const stored = await t.db.select({ hash: sessions.tokenHash }).from(sessions);
    expect(stored.some((s) => s.hash === res.json().token)).toBe(false);
  });

  it('refuses a wrong password with the spec message and logs the failure', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'verkauf@example.com', password: 'falsch' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(MSG.wrongLogin);
    const rows = await logRows('verkauf@example.com');
    expect(rows.filter((r) => !r.success)).toHaveLength(1);
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'niemand@example.com', password: 'x' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(MSG.wrongLogin);
  });

  it('gives 400 with a German message for missing fields, never 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'admin@example.com' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MSG.wrongLogin);
    const bad = await t.app.inject({ method: 'POST', url: '/api/token', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(MSG.invalidJson);
  });

  it('locks one username after 5 failures with 429; other users are unaffected', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'lagerist@example.com', password: `falsch${i}` } });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'lagerist@example.com', password: 'demo1234' } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe(MSG.tooManyLoginAttempts);
    const [sessionsOfLagerist] = await t.db
      .select({ n: count() })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.email, 'lagerist@example.com'));
    expect(sessionsOfLagerist?.n).toBe(0);
    const other = await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'buchhaltung@example.com', password: 'demo1234' } });
    expect(other.statusCode).toBe(200);
  });

  it('refuses an inactive user like a wrong password', async () => {
    await t.db.update(users).set({ active: false }).where(eq(users.email, 'aushilfe@example.com'));
    const res = await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'aushilfe@example.com', password: 'demo1234' } });
    expect(res.statusCode).toBe(401);
    await t.db.update(users).set({ active: true }).where(eq(users.email, 'aushilfe@example.com'));
  });
});

describe('session lifetime', () => {
  it('401 for an unknown token and for no token', async () => {
    expect((await t.as('unbekannt', { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    const none = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.message).toBe(MSG.sessionExpired);
  });

  it('logout revokes the token server-side (401 afterwards)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'azubi@example.com', password: 'demo1234' } });
    const token = res.json().token;
    expect((await t.as(token, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    expect((await t.as(token, { method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
    const after = await t.as(token, { method: 'GET', url: '/api/user' });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe(MSG.sessionExpired);
  });

  it('408 after the group idle minutes on desktop; a tablet session lives longer', async () => {
    const desktop = (await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'bodenleger@example.com', password: 'demo1234' } })).json().token;
    const tablet = (
      await t.app.inject({ method: 'POST', url: '/api/token', headers: { 'user-agent': IPAD }, payload: { username: 'bodenleger@example.com', password: 'demo1234' } })
    ).json().token;
    const [group] = await t.db.select().from(userGroups).where(eq(userGroups.name, 'Bodenleger'));
    expect(group!.loginTimeForDesktop).toBeLessThan(group!.loginTimeForTablet);
    // Both sessions were last active just past the desktop limit.
    const past = new Date(Date.now() - (group!.loginTimeForDesktop + 1) * 60_000);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: past })
      .where(sql`${sessions.userId} = (select id from users where email = 'bodenleger@example.com')`);
    const expired = await t.as(desktop, { method: 'GET', url: '/api/user' });
    expect(expired.statusCode).toBe(408);
    expect(expired.json().error.message).toBe(MSG.sessionExpired);
    // Expired stays expired.
    expect((await t.as(desktop, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await t.as(tablet, { method: 'GET', url: '/api/user', headers: { 'user-agent': IPAD } })).statusCode).toBe(200);
  });

  it('GET /api/api-token-refresh extends the session', async () => {
    const token = await t.login('personalleitung@example.com');
    const before = new Date(Date.now() - 30 * 60_000);
    await t.db.update(sessions).set({ lastSeenAt: before }).where(sql`${sessions.userId} = (select id from users where email = 'personalleitung@example.com')`);
    const res = await t.as(token, { method: 'GET', url: '/api/api-token-refresh' });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBe(token);
    const [row] = await t.db.select({ at: sessions.lastSeenAt }).from(sessions).where(sql`${sessions.userId} = (select id from users where email = 'personalleitung@example.com')`);
    expect(row!.at.getTime()).toBeGreaterThan(Date.now() - 10_000);
  });
});

describe('cached sessions', () => {
  // Sessions are answered from memory after the first request; every change below must count
  // with the very next request all the same.
  const userId = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

  it('a deactivated person is out with the next request', async () => {
    const token = (await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'aushilfe@example.com', password: 'demo1234' } })).json().token;
    expect((await t.as(token, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    const admin = await t.login('admin@example.com');
    expect((await t.as(admin, { method: 'GET', url: `/api/activate/user/${await userId('aushilfe@example.com')}` })).statusCode).toBe(200);
    expect((await t.as(token, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await t.as(admin, { method: 'GET', url: `/api/activate/user/${await userId('aushilfe@example.com')}` })).statusCode).toBe(200);
  });

  it('a permission taken from the group is gone with the next request, and back when given again', async () => {
    const token = await t.login('verkauf@example.com');
    const list = () => t.as(token, { method: 'GET', url: '/api/absence/0/all/1' });
    expect((await list()).statusCode).toBe(200);
    const admin = await t.login('admin@example.com');
    const [group] = await t.db.select().from(userGroups).where(eq(userGroups.name, 'Verkauf'));
    const save = (permissions: string[]) =>
      t.as(admin, { method: 'PUT', url: '/api/team', payload: { team: { id: group!.id, name: group!.name, label: group!.label, permissions, subordinateUserGroups: group!.subordinateUserGroups } } });
    const without = await save(group!.permissions.filter((p) => !p.startsWith('urlaub_')));
    expect(without.statusCode).toBe(200);
    expect((await list()).statusCode).toBe(403);
    expect((await save(group!.permissions)).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(200);
  });

  it('a password changed in the settings ends the other sessions at once; the changing one stays', async () => {
    const login = async () => (await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'buchhaltung@example.com', password: 'demo1234' } })).json().token;
    const [here, there] = [await login(), await login()];
    expect((await t.as(there, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    const res = await t.as(here, {
      method: 'PUT',
      url: `/api/user/${await userId('buchhaltung@example.com')}`,
      payload: { user: { firstName: 'Bea', lastName: 'Buchhaltung', phone: '' }, password: 'geheim99', passwordRepeat: 'geheim99' },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.as(there, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await t.as(here, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });
});

describe('a session read again after its minute in the cache', () => {
  afterAll(() => vi.restoreAllMocks());

  it('keeps its person object while nothing changed, and shows a change made without notice', async () => {
    const token = await t.login('filialleitung@example.com');
    const at = (ms: number) => vi.spyOn(Date, 'now').mockReturnValue(ms);
    const read = () => authenticate({ db: t.db }, { token, ip: '127.0.0.1', touch: false });
    const start = Date.now();
    const first = await read();
    at(start + 61_000);
    // The same object: what was built for the person (the lists' statements) is built once per session.
    expect(await read()).toBe(first);
    // So does a logout elsewhere, which drops every cached session of the instance.
    const other = (await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'verkauf@example.com', password: 'demo1234' } })).json().token;
    expect((await t.as(other, { method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
    expect(await read()).toBe(first);
    const [me] = await t.db.select().from(users).where(eq(users.email, 'filialleitung@example.com'));
    const [elsewhere] = await t.db.select().from(locations).where(sql`${locations.id} <> ${me!.locationId}`).limit(1);
    // Written past the portal, so no instance hears of it: after the minute it counts all the same.
    await t.db.update(users).set({ selectedLocationId: elsewhere!.id }).where(eq(users.id, me!.id));
    try {
      at(start + 122_000);
      const after = await read();
      expect(after).not.toBe(first);
      expect(after.selectedLocationId).toBe(elsewhere!.id);
    } finally {
      await t.db.update(users).set({ selectedLocationId: me!.selectedLocationId }).where(eq(users.id, me!.id));
      vi.restoreAllMocks();
      forgetActorsHere();
    }
  });
});

describe('several instances on one PostgreSQL', () => {
  it.runIf(process.env.DATABASE_URL)('a session ended by another instance is refused here within a second', async () => {
    const url = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    let heard = 0;
    const listener = listenPostgres(url, ACTOR_CHANNEL, () => {
      heard++;
      forgetActorsHere();
    });
    try {
      await expect.poll(() => heard, { timeout: 5000 }).toBeGreaterThan(0);
      const token = (await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'franchise@example.com', password: 'demo1234' } })).json().token;
      expect((await t.as(token, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
      // The other instance: its own connection revokes the session and sends the notice.
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      await other.query(`update sessions set revoked_at = now() where user_id = (select id from users where email = 'franchise@example.com')`);
      await other.query(`select pg_notify($1, '')`, [ACTOR_CHANNEL]);
      await other.end();
      await expect.poll(async () => (await t.as(token, { method: 'GET', url: '/api/user' })).statusCode, { timeout: 1000, interval: 50 }).toBe(401);
    } finally {
      await listener.close();
    }
  });
});

describe('IP rules', () => {
  it('406 outside every location IP list for users without externalLogin; others pass', async () => {
    const verkauf = await t.login('verkauf@example.com');
    const admin = await t.login('admin@example.com');
    const before = await t.db.select({ id: locations.id, ip: locations.ip }).from(locations);
    await t.db.update(locations).set({ ip: '10.1.2.3, 10.1.2.4' }).where(eq(locations.name, 'Filiale Köln'));
    await t.db.update(locations).set({ ip: '10.9.9.9' }).where(sql`${locations.name} <> 'Filiale Köln'`);
    forgetAllowedIps();
    try {
      const res = await t.as(verkauf, { method: 'GET', url: '/api/user' });
      expect(res.statusCode).toBe(406);
      expect(res.json().error.message).toBe(MSG.ipNotAllowed);
      const login = await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'azubi@example.com', password: 'demo1234' } });
      expect(login.statusCode).toBe(406);
      expect(login.json().error.message).toBe(MSG.ipNotAllowed);
      // From an address of any location's list it works.
      const fromShop = await t.app.inject({ method: 'GET', url: '/api/user', remoteAddress: '10.1.2.4', headers: { authorization: `Bearer ${verkauf}` } });
      expect(fromShop.statusCode).toBe(200);
      // externalLogin users may come from anywhere.
      expect((await t.as(admin, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
      // Without any IP list, every address passes.
      await t.db.update(locations).set({ ip: '' });
      forgetAllowedIps();
      const anywhere = await t.app.inject({ method: 'GET', url: '/api/user', remoteAddress: '203.0.113.5', headers: { authorization: `Bearer ${verkauf}` } });
      expect(anywhere.statusCode).toBe(200);
    } finally {
      for (const l of before) await t.db.update(locations).set({ ip: l.ip }).where(eq(locations.id, l.id));
      forgetAllowedIps();
    }
  });
});

describe('forgotten password', () => {
  it('answers the same for known and unknown users and mails a one-time link only to known ones', async () => {
    const known = await t.app.inject({ method: 'POST', url: '/api/password-forgotten', payload: { username: 'verkauf@example.com' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/password-forgotten', payload: { username: 'gibtsnicht@example.com' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    await t.app.background.idle();
    const mails = readOutbox(t.outboxDir);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('verkauf@example.com');
    expect(mails[0]!.text).toContain('gültig für 60 Minuten');
    const token = mails[0]!.text.match(/passwort-zuruecksetzen\/([\w-]+)/)![1]!;

    const mismatch = await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { token, password: 'neuesPasswort', passwordRepeat: 'anders' } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toBe(MSG.passwordsDiffer);

    const ok = await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { token, password: 'neuesPasswort', passwordRepeat: 'neuesPasswort' } });
    expect(ok.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { token, password: 'nochmal123', passwordRepeat: 'nochmal123' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(MSG.passwordResetInvalid);

    const oldLogin = await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'verkauf@example.com', password: 'demo1234' } });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'verkauf@example.com', password: 'neuesPasswort' } });
    expect(newLogin.statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    await t.app.inject({ method: 'POST', url: '/api/password-forgotten', payload: { username: 'filialleitung@example.com' } });
    await t.app.background.idle();
    const mail = readOutbox(t.outboxDir).find((m) => m.to === 'filialleitung@example.com')!;
    const token = mail.text.match(/passwort-zuruecksetzen\/([\w-]+)/)![1]!;
    await t.db.execute(sql`update password_resets set expires_at = now() - interval '1 minute'`);
    const res = await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { token, password: 'neuesPasswort', passwordRepeat: 'neuesPasswort' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MSG.passwordResetInvalid);
  });
});

