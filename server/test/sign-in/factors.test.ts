import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { MSG } from '@filialportal/core/messages';
import { loginLog } from '../../src/modules/session/session.table.ts';
import { passkeys, recoveryCodes, totpFactors } from '../../src/modules/session/sign-in.table.ts';
import { userGroups } from '../../src/modules/teams/teams.table.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { buildTestApp, readOutbox, type TestContext } from '../helpers.ts';
import { SoftAuthenticator } from '../support/soft-authenticator.ts';

/** Second factors: the authenticator app with recovery codes, passkeys, the group rule and the reset. */

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Each login from an address of its own (the route allows 30 a minute per address), unless one is named. */
let addresses = 0;
const token = (username: string, extra: Record<string, string> = {}, remoteAddress = `10.77.${++addresses >> 8}.${addresses & 255}`) =>
  t.app.inject({ method: 'POST', url: '/api/token', payload: { username, password: 'demo1234', ...extra }, remoteAddress });
const idOf = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const mailsTo = (email: string) => readOutbox(t.outboxDir).filter((m) => m.to.includes(email));
/** As if the next 30-second step had come: the code of this step is new again to the server. */
const nextStep = (userId: string) => t.db.update(totpFactors).set({ lastStep: 0 }).where(eq(totpFactors.userId, userId));

/** Sets up the authenticator app for a person; answers the secret and the recovery codes. */
async function enrolTotp(session: string) {
  const setup = await t.as(session, { method: 'POST', url: '/api/user/2fa/totp/setup' });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl, qrSvg } = setup.json();
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Filialportal:.+\?.*secret=/);
  expect(qrSvg).toMatch(/^<svg/);
  const confirm = await t.as(session, { method: 'POST', url: '/api/user/2fa/totp/confirm', payload: { code: await generate({ secret }) } });
  expect(confirm.statusCode).toBe(200);
  return { secret: secret as string, recoveryCodes: confirm.json().recoveryCodes as string[] };
}

describe('authenticator app (TOTP)', () => {
  it('is set up with a first code, answers ten recovery codes once and mails the person', async () => {
    const session = await t.login('buchhaltung@example.com');
    const wrong = await t.as(session, { method: 'POST', url: '/api/user/2fa/totp/confirm', payload: { code: '123456' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(MSG.totpSetupMissing);
    const setup = await t.as(session, { method: 'POST', url: '/api/user/2fa/totp/setup' });
    const off = await t.as(session, { method: 'POST', url: '/api/user/2fa/totp/confirm', payload: { code: String((Number(await generate({ secret: setup.json().secret })) + 1) % 1e6).padStart(6, '0') } });
    expect(off.statusCode).toBe(400);
    expect(off.json().error.message).toBe(MSG.secondFactorInvalid);
    expect((await t.as(session, { method: 'GET', url: '/api/user/2fa' })).json().totp).toBe(false);

    const { recoveryCodes: codes } = await enrolTotp(session);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, await idOf('buchhaltung@example.com')));
    expect(stored).toHaveLength(10);
    expect(stored.some((r) => codes.includes(r.codeHash))).toBe(false);
    const status = (await t.as(session, { method: 'GET', url: '/api/user/2fa' })).json();
    expect(status).toMatchObject({ totp: true, recoveryCodesLeft: 10, passkeys: [], required: false, pending: false });
    expect(mailsTo('buchhaltung@example.com').some((m) => m.subject.includes('Anmeldung wurde geändert') && m.text.includes('Authenticator-App wurde eingerichtet'))).toBe(true);
    // A second setup while it is on is refused, and nothing changes.
    const again = await t.as(session, { method: 'POST', url: '/api/user/2fa/totp/setup' });
    expect(again.statusCode).toBe(409);
    expect((await t.db.select().from(totpFactors).where(eq(totpFactors.userId, await idOf('buchhaltung@example.com'))))[0]!.confirmedAt).not.toBeNull();
  });

  it('then asks for the code at login, takes each code once and a recovery code once', async () => {
    const id = await idOf('buchhaltung@example.com');
    const [{ secret }] = await t.db.select({ secret: totpFactors.secret }).from(totpFactors).where(eq(totpFactors.userId, id)) as [{ secret: string }];
    const without = await token('buchhaltung@example.com');
    expect(without.statusCode).toBe(401);
    expect(without.json().error).toEqual({ code: 'second_factor_required', message: 'Bitte geben Sie den Code aus Ihrer Authenticator-App ein.' });

    await nextStep(id);
    const code = await generate({ secret });
    expect((await token('buchhaltung@example.com', { otp: code })).statusCode).toBe(200);
    const replay = await token('buchhaltung@example.com', { otp: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe(MSG.secondFactorInvalid);

    // Twenty logins with the same fresh code at once: one session.
    await nextStep(id);
    const fresh = await generate({ secret });
    const race = await Promise.all(Array.from({ length: 20 }, () => token('buchhaltung@example.com', { otp: fresh })));
    expect(race.filter((r) => r.statusCode === 200)).toHaveLength(1);

    // The nineteen refused ones count as failed attempts; a quarter of an hour later they no longer lock.
    await t.db.delete(loginLog).where(eq(loginLog.userName, 'buchhaltung@example.com'));
    const codes = (await t.as((race.find((r) => r.statusCode === 200)!).json().token, { method: 'POST', url: '/api/user/2fa/recovery' })).json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    const typed = ` ${codes[3]!.toUpperCase().replace('-', ' ')} `;
    expect((await token('buchhaltung@example.com', { otp: typed })).statusCode).toBe(200);
    expect((await token('buchhaltung@example.com', { otp: codes[3]! })).statusCode).toBe(401);
    const left = await t.db.select().from(recoveryCodes).where(and(eq(recoveryCodes.userId, id)));
    expect(left.filter((r) => !r.usedAt)).toHaveLength(9);
  });

  it('counts wrong codes in the login limits', async () => {
    const id = await idOf('buchhaltung@example.com');
    await t.db.delete(loginLog).where(eq(loginLog.userName, 'buchhaltung@example.com'));
    for (let i = 0; i < 5; i++) expect((await token('buchhaltung@example.com', { otp: '000000' }, '10.78.0.1')).statusCode).toBe(401);
    await nextStep(id);
    const [{ secret }] = await t.db.select({ secret: totpFactors.secret }).from(totpFactors).where(eq(totpFactors.userId, id)) as [{ secret: string }];
    const locked = await token('buchhaltung@example.com', { otp: await generate({ secret }) }, '10.78.0.1');
    expect(locked.statusCode).toBe(429);
    const failed = await t.db.select().from(loginLog).where(and(eq(loginLog.userName, 'buchhaltung@example.com'), eq(loginLog.success, false)));
    expect(failed.length).toBeGreaterThanOrEqual(6);
  });

  it('is reset by whoever may hold the keys to the account, and the person is told', async () => {
    const id = await idOf('buchhaltung@example.com');
    const verkauf = await t.login('verkauf@example.com');
    const refused = await t.as(verkauf, { method: 'DELETE', url: `/api/user/${id}/2fa` });
    expect(refused.statusCode).toBe(403);
    expect(await t.db.select().from(totpFactors).where(eq(totpFactors.userId, id))).toHaveLength(1);
    const admin = await t.login('admin@example.com');
    expect((await t.as(admin, { method: 'DELETE', url: `/api/user/${id}/2fa` })).statusCode).toBe(204);
    expect(await t.db.select().from(totpFactors).where(eq(totpFactors.userId, id))).toHaveLength(0);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, id))).toHaveLength(0);
    expect(mailsTo('buchhaltung@example.com').some((m) => m.text.includes('von der Verwaltung zurückgesetzt'))).toBe(true);
  });

  it('refuses malformed codes with a German 400', async () => {
    const session = await t.login('vertrieb@example.com');
    for (const code of ['12345', 'abcdef', '1234567', '']) {
      const res = await t.as(session, { method: 'POST', url: '/api/user/2fa/totp/confirm', payload: { code } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(MSG.secondFactorInvalid);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/user/2fa/totp/setup' })).statusCode).toBe(401);
  });
});

describe("group setting 'Zwei-Faktor-Anmeldung Pflicht'", () => {
  it('lets members with a password only set up a factor, then everything opens', async () => {
    const admin = await t.login('admin@example.com');
    const [group] = await t.db.select().from(userGroups).where(eq(userGroups.name, 'Verwaltung'));
    const put = await t.as(admin, { method: 'PUT', url: `/api/team/${group!.id}`, payload: { team: { name: 'Verwaltung', permissions: group!.permissions, twoFactorRequired: true } } });
    expect(put.statusCode).toBe(200);
    expect(put.json().team.twoFactorRequired).toBe(true);

    const session = (await token('verwaltung@example.com')).json().token as string;
    const me = await t.as(session, { method: 'GET', url: '/api/user' });
    expect(me.statusCode).toBe(200);
    expect(me.json().secondFactorPending).toBe(true);
    const news = await t.as(session, { method: 'GET', url: '/api/news/list/0' });
    expect(news.statusCode).toBe(403);
    expect(news.json().error).toEqual({ code: 'second_factor_enrolment_required', message: MSG.secondFactorEnrolmentRequired });
    expect((await t.as(session, { method: 'GET', url: '/api/user/2fa' })).json()).toMatchObject({ required: true, pending: true });

    const { secret } = await enrolTotp(session);
    expect((await t.as(session, { method: 'GET', url: '/api/user' })).json().secondFactorPending).toBe(false);
    expect((await t.as(session, { method: 'GET', url: '/api/news/list/0' })).statusCode).toBe(200);
    await nextStep(await idOf('verwaltung@example.com'));
    expect((await token('verwaltung@example.com', { otp: await generate({ secret }) })).statusCode).toBe(200);
  });
});

describe('passkeys', () => {
  const device = new SoftAuthenticator({ origin: 'http://localhost:3000' });
  const other = new SoftAuthenticator({ origin: 'http://localhost:3000' });
  /** For registrations the server refuses: the device would keep them, the server does not. */
  const spare = new SoftAuthenticator({ origin: 'http://localhost:3000' });

  async function register(session: string, authenticator: SoftAuthenticator, name: string) {
    const options = (await t.as(session, { method: 'POST', url: '/api/user/passkeys/options' })).json().options;
    expect(options.rp).toEqual({ name: 'Filialportal', id: 'localhost' });
    expect(options.authenticatorSelection.residentKey).toBe('required');
    return t.as(session, { method: 'POST', url: '/api/user/passkeys', payload: { name, response: authenticator.register(options) } });
  }
  const loginOptions = async () => (await t.app.inject({ method: 'POST', url: '/api/auth/passkey/options' })).json().options;

  it('are registered in the settings, several per person, and the person is told', async () => {
    const session = await t.login('zentrallagerleitung@example.com');
    const first = await register(session, device, 'Diensthandy');
    expect(first.statusCode).toBe(200);
    expect(first.json().passkeys.map((p: { name: string }) => p.name)).toEqual(['Diensthandy']);
    const second = await register(session, device, 'Laptop');
    expect(second.json().passkeys).toHaveLength(2);
    expect(mailsTo('zentrallagerleitung@example.com').some((m) => m.text.includes('Passkey „Laptop“ wurde hinzugefügt'))).toBe(true);
    // A response for a challenge never issued, or a name that is too long, is refused and nothing is kept.
    const options = (await t.as(session, { method: 'POST', url: '/api/user/passkeys/options' })).json().options;
    const forged = await t.as(session, { method: 'POST', url: '/api/user/passkeys', payload: { name: 'X', response: spare.register(options, { challenge: 'bm90LWlzc3VlZA' }) } });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe(MSG.passkeyFailed);
    const long = await t.as(session, { method: 'POST', url: '/api/user/passkeys', payload: { name: 'x'.repeat(61), response: spare.register(options) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(MSG.passkeyNameInvalid);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, await idOf('zentrallagerleitung@example.com')))).toHaveLength(2);
  });

  it('sign in without name and password, written to the login log', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/passkey/login', payload: { response: device.authenticate(await loginOptions()) } });
    expect(res.statusCode).toBe(200);
    expect((await t.as(res.json().token, { method: 'GET', url: '/api/user' })).json().user.email).toBe('zentrallagerleitung@example.com');
    const [log] = await t.db.select().from(loginLog).where(and(eq(loginLog.userName, 'zentrallagerleitung@example.com'), eq(loginLog.method, 'passkey')));
    expect(log?.success).toBe(true);
  });

  it('refuse a reused challenge, a counter that did not move, another origin and a device without verification', async () => {
    const options = await loginOptions();
    const once = device.authenticate(options);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/passkey/login', payload: { response: once } })).statusCode).toBe(200);
    const replay = await t.app.inject({ method: 'POST', url: '/api/auth/passkey/login', payload: { response: once } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe(MSG.passkeyFailed);
    const credential = device.credentials.at(-1)!;
    const stale = device.authenticate(await loginOptions(), { counter: credential.counter });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/passkey/login', payload: { response: stale } })).statusCode).toBe(401);
    const phishing = device.authenticate(await loginOptions(), { origin: 'https://filialportal.example.evil' });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/passkey/login', payload: { response: phishing } })).statusCode).toBe(401);
    const unverified = device.authenticate(await loginOptions(), { userVerified: false });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/passkey/login', payload: { response: unverified } })).statusCode).toBe(401);
    const garbage = await t.app.inject({ method: 'POST', url: '/api/auth/passkey/login', payload: { response: { id: 'x', response: { clientDataJSON: '%%%' } } } });
    expect(garbage.statusCode).toBe(401);
  });

  it('serve as the second factor after the password, only the account’s own', async () => {
    const password = await token('zentrallagerleitung@example.com');
    expect(password.json().error.code).toBe('second_factor_required');
    const ok = await token('zentrallagerleitung@example.com', { passkey: JSON.stringify(device.authenticate(await loginOptions())) });
    expect(ok.statusCode).toBe(200);
    // Someone else's passkey does not prove this account.
    const session = await t.login('vertriebsleitung@example.com');
    expect((await register(session, other, 'Fremd')).statusCode).toBe(200);
    const foreign = await token('zentrallagerleitung@example.com', { passkey: JSON.stringify(other.authenticate(await loginOptions())) });
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json().error.message).toBe(MSG.secondFactorInvalid);
  });

  it('are removed by their owner only; a removed passkey signs nobody in', async () => {
    const owner = (await token('zentrallagerleitung@example.com', { passkey: JSON.stringify(device.authenticate(await loginOptions())) })).json().token as string;
    const status = (await t.as(owner, { method: 'GET', url: '/api/user/2fa' })).json();
    const stranger = await t.login('vertriebsleitung@example.com');
    expect((await t.as(stranger, { method: 'DELETE', url: `/api/user/passkeys/${status.passkeys[0].id}` })).statusCode).toBe(404);
    for (const p of status.passkeys) expect((await t.as(owner, { method: 'DELETE', url: `/api/user/passkeys/${p.id}` })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/passkey/login', payload: { response: device.authenticate(await loginOptions()) } })).statusCode).toBe(401);
    // No factor left: the password alone signs in again.
    expect((await token('zentrallagerleitung@example.com')).statusCode).toBe(200);
  });

  it('do not sign in a deactivated person', async () => {
    await t.db.update(users).set({ active: false }).where(eq(users.email, 'vertriebsleitung@example.com'));
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/passkey/login', payload: { response: other.authenticate(await loginOptions()) } });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(MSG.userInactive);
    } finally {
      await t.db.update(users).set({ active: true }).where(eq(users.email, 'vertriebsleitung@example.com'));
    }
  });
});
