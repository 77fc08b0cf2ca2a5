import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { readOidcConfig } from '../../src/config.ts';
import { locations } from '../../src/modules/locations/locations.table.ts';
import { loginLog, sessions } from '../../src/modules/session/session.table.ts';
import { signInSteps } from '../../src/modules/session/sign-in.table.ts';
import { forgetAllowedIps } from '../../src/modules/locations/locations.service.ts';
import { userGroups } from '../../src/modules/teams/teams.table.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { buildTestApp, type TestContext } from '../helpers.ts';
import { signInAtProvider, startOidcProvider, type TestProvider } from '../support/oidc-provider.ts';

/** Sign-in with the company account against a real OpenID provider on 127.0.0.1. */

const CALLBACK = 'http://localhost:3000/api/auth/oidc/callback';
let provider: TestProvider;
let t: TestContext;
/** The same portal with OIDC_AUTO_CREATE=false. */
let strict: TestContext;

const person = (id: string, claims: Record<string, unknown>) => provider.accounts.set(id, { id, claims: { email_verified: true, ...claims } });

function oidcConfig(extra: Record<string, string> = {}) {
  return readOidcConfig({
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_GROUP_MAP: JSON.stringify({ 'portal-hr': 'Personalleitung', 'portal-verkauf': 'Verkauf', 'portal-alle': 'Aushilfe' }),
    OIDC_LOCATION_CLAIM: 'location',
    ...extra,
  });
}

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [CALLBACK] });
  person('anna', { email: 'Anna.Sommer@firma.example', given_name: 'Anna', family_name: 'Sommer', groups: ['portal-verkauf'], location: 'Filiale Hamburg' });
  person('vera', { email: 'verkauf@example.com', given_name: 'Vera', family_name: 'Kauf', groups: ['other', 'portal-hr', 'portal-verkauf'] });
  person('otto', { email: 'otto@firma.example', given_name: 'Otto', family_name: 'Ohne', groups: ['andere-gruppe'] });
  person('nomail', { given_name: 'Nie', family_name: 'Mail', groups: ['portal-verkauf'] });
  [t, strict] = await Promise.all([buildTestApp({ config: { oidc: oidcConfig() } }), buildTestApp({ config: { oidc: oidcConfig({ OIDC_AUTO_CREATE: 'false' }) } })]);
});
afterAll(async () => {
  await Promise.all([t?.close(), strict?.close()]);
  await provider?.close();
});

/** The browser's way: portal → provider's login page → portal's callback; answers where the callback sends it. */
async function signIn(ctx: TestContext, login: string, tamper?: (callback: URL) => void, cookie?: string) {
  const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/oidc/login' });
  expect(start.statusCode).toBe(302);
  const browser = String(start.headers['set-cookie']).split(';')[0]!;
  const callback = new URL(await signInAtProvider(String(start.headers.location), login));
  tamper?.(callback);
  const back = await ctx.app.inject({ method: 'GET', url: callback.pathname + callback.search, headers: { cookie: cookie ?? browser } });
  expect(back.statusCode).toBe(302);
  return new URL(String(back.headers.location), 'http://localhost:3000');
}

async function ticketOf(ctx: TestContext, login: string) {
  const target = await signIn(ctx, login);
  expect(target.pathname).toBe('/anmelden/sso');
  expect(target.searchParams.get('fehler')).toBeNull();
  return target.searchParams.get('ticket')!;
}

const redeem = (ctx: TestContext, ticket: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/oidc/ticket', payload: { ticket } });

async function me(ctx: TestContext, token: string) {
  const res = await ctx.as(token, { method: 'GET', url: '/api/user' });
  expect(res.statusCode).toBe(200);
  return res.json().user as { email: string; role: string; firstName: string; lastName: string; locationLabel: string };
}

const userCount = async (ctx: TestContext) => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

describe('GET /api/auth/methods', () => {
  it('offers the company account with its label when it is set up, and not otherwise', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/methods' })).json()).toEqual({ password: true, passkey: true, oidc: { label: 'Mit Firmenkonto anmelden' } });
    const plain = await buildTestApp({ seed: false });
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/auth/methods' })).json().oidc).toBeNull();
      const start = await plain.app.inject({ method: 'GET', url: '/api/auth/oidc/login' });
      expect(start.statusCode).toBe(404);
      expect(start.json().error.message).toBe(MSG.ssoNotConfigured);
    } finally {
      await plain.close();
    }
  });
});

describe('company account sign-in', () => {
  it('sends the browser to the provider with PKCE, state and nonce, and binds it by a cookie', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/login' });
    const at = new URL(String(start.headers.location));
    expect(at.origin).toBe(provider.issuer);
    expect(at.searchParams.get('code_challenge_method')).toBe('S256');
    for (const p of ['code_challenge', 'state', 'nonce']) expect(at.searchParams.get(p)?.length).toBeGreaterThan(20);
    expect(at.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(String(start.headers['set-cookie'])).toMatch(/^fp_sso=[\w-]{20,}; Path=\/api\/auth\/oidc; HttpOnly; SameSite=Lax/);
  });

  it('creates an unknown person with the mapped group and the claimed location, and the ticket opens a session', async () => {
    const before = await userCount(t);
    const ticket = await ticketOf(t, 'anna');
    const res = await redeem(t, ticket);
    expect(res.statusCode).toBe(200);
    const user = await me(t, res.json().token);
    expect(user).toMatchObject({ email: 'anna.sommer@firma.example', role: 'Verkauf', firstName: 'Anna', lastName: 'Sommer', locationLabel: 'Filiale Hamburg' });
    expect(await userCount(t)).toBe(before + 1);
    const [log] = await t.db.select().from(loginLog).where(and(eq(loginLog.userName, 'anna.sommer@firma.example'), eq(loginLog.success, true)));
    expect(log?.method).toBe('sso');
    const [session] = await t.db.select({ method: sessions.method }).from(sessions).where(eq(sessions.tokenHash, sql`encode(sha256(${res.json().token}::bytea), 'hex')`));
    expect(session?.method).toBe('sso');
  });

  it('finds an existing person by e-mail, takes the first mapped group in map order and follows the directory at every sign-in', async () => {
    const before = await userCount(t);
    // vera holds portal-hr and portal-verkauf: the map names portal-hr first.
    const first = await me(t, (await redeem(t, await ticketOf(t, 'vera'))).json().token);
    expect(first).toMatchObject({ email: 'verkauf@example.com', role: 'Personalleitung' });
    expect(await userCount(t)).toBe(before);
    // The directory moves her: group and location follow at the next sign-in.
    person('vera', { email: 'verkauf@example.com', groups: ['portal-alle'], location: 'hh' });
    const second = await me(t, (await redeem(t, await ticketOf(t, 'vera'))).json().token);
    expect(second).toMatchObject({ role: 'Aushilfe', locationLabel: 'Filiale Hamburg' });
    // Linked by the provider's subject now: a changed e-mail address at the provider still finds her.
    person('vera', { email: 'vera.neu@firma.example', groups: ['portal-verkauf'] });
    const third = await me(t, (await redeem(t, await ticketOf(t, 'vera'))).json().token);
    expect(third).toMatchObject({ email: 'verkauf@example.com', role: 'Verkauf' });
    expect(await userCount(t)).toBe(before);
  });

  it('refuses a person without a mapped group with its German message: no account, no session, a failed log line', async () => {
    const before = await userCount(t);
    const sessionsBefore = (await t.db.select({ id: sessions.id }).from(sessions)).length;
    const target = await signIn(t, 'otto');
    expect(target.pathname).toBe('/anmelden/sso');
    expect(target.searchParams.get('fehler')).toBe('no_group');
    expect(target.searchParams.get('ticket')).toBeNull();
    expect(await userCount(t)).toBe(before);
    expect((await t.db.select({ id: sessions.id }).from(sessions)).length).toBe(sessionsBefore);
    const logs = await t.db.select().from(loginLog).where(eq(loginLog.userName, 'otto@firma.example'));
    expect(logs.map((l) => [l.success, l.method])).toEqual([[false, 'sso']]);
  });

  it('refuses an account without an e-mail address', async () => {
    expect((await signIn(t, 'nomail')).searchParams.get('fehler')).toBe('no_email');
  });

  it('with OIDC_AUTO_CREATE=false takes existing people only', async () => {
    const before = await userCount(strict);
    person('anna', { email: 'anna.sommer@firma.example', given_name: 'Anna', family_name: 'Sommer', groups: ['portal-verkauf'] });
    expect((await signIn(strict, 'anna')).searchParams.get('fehler')).toBe('unknown_user');
    expect(await userCount(strict)).toBe(before);
    person('vera', { email: 'verkauf@example.com', groups: ['portal-verkauf'] });
    expect((await redeem(strict, await ticketOf(strict, 'vera'))).statusCode).toBe(200);
  });

  it('refuses a deactivated person', async () => {
    person('azubi', { email: 'azubi@example.com', groups: ['portal-verkauf'] });
    await strict.db.update(users).set({ active: false }).where(eq(users.email, 'azubi@example.com'));
    try {
      expect((await signIn(strict, 'azubi')).searchParams.get('fehler')).toBe('inactive');
    } finally {
      await strict.db.update(users).set({ active: true }).where(eq(users.email, 'azubi@example.com'));
    }
  });

  it('refuses a callback with a changed state, without the browser cookie, or a replayed one', async () => {
    person('vera', { email: 'verkauf@example.com', groups: ['portal-verkauf'] });
    const wrongState = await signIn(t, 'vera', (u) => u.searchParams.set('state', 'x'.repeat(43)));
    expect(wrongState.searchParams.get('fehler')).toBe('failed');
    const noCookie = await signIn(t, 'vera', undefined, 'fp_sso=someone-elses-browser');
    expect(noCookie.searchParams.get('fehler')).toBe('failed');
    // The same provider answer twice: the state is used up after the first.
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/login' });
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const callback = new URL(await signInAtProvider(String(start.headers.location), 'vera'));
    const once = await t.app.inject({ method: 'GET', url: callback.pathname + callback.search, headers: { cookie } });
    const twice = await t.app.inject({ method: 'GET', url: callback.pathname + callback.search, headers: { cookie } });
    expect(String(once.headers.location)).toContain('ticket=');
    expect(String(twice.headers.location)).toBe('/anmelden/sso?fehler=failed');
  });

  it('takes a ticket once, also when twenty exchanges race, and not after 60 seconds', async () => {
    person('vera', { email: 'verkauf@example.com', groups: ['portal-verkauf'] });
    const ticket = await ticketOf(t, 'vera');
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(t, ticket)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refused = answers.find((a) => a.statusCode !== 200)!;
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe(MSG.ssoTicketInvalid);

    const late = await ticketOf(t, 'vera');
    await t.db.update(signInSteps).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(signInSteps.kind, 'sso_ticket'));
    expect((await redeem(t, late)).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/oidc/ticket', payload: { ticket: 'kurz' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(MSG.ssoTicketInvalid);
  });

  it('applies the location IP rule when the ticket is exchanged', async () => {
    person('verkauf2', { email: 'filialleitung@example.com', groups: ['portal-verkauf'] });
    await t.db.update(users).set({ externalLogin: false }).where(eq(users.email, 'filialleitung@example.com'));
    const before = await t.db.select({ id: locations.id, ip: locations.ip }).from(locations);
    await t.db.update(locations).set({ ip: '10.9.8.7' });
    forgetAllowedIps();
    try {
      const res = await redeem(t, await ticketOf(t, 'verkauf2'));
      expect(res.statusCode).toBe(406);
      expect(res.json().error.message).toBe(MSG.ipNotAllowed);
    } finally {
      for (const l of before) await t.db.update(locations).set({ ip: l.ip }).where(eq(locations.id, l.id));
      forgetAllowedIps();
    }
  });
});

describe("group setting 'nur Firmenkonto'", () => {
  it('refuses the password of its members while the company account is set up; Admin keeps his', async () => {
    const admin = await t.login('admin@example.com');
    const [group] = await t.db.select().from(userGroups).where(eq(userGroups.name, 'Bodenleger'));
    const teams = (await t.as(admin, { method: 'GET', url: '/api/team' })).json().teams as { id: string; name: string; passwordLogin: boolean }[];
    expect(teams.find((g) => g.name === 'Bodenleger')?.passwordLogin).toBe(true);
    const put = await t.as(admin, { method: 'PUT', url: `/api/team/${group!.id}`, payload: { team: { name: 'Bodenleger', permissions: group!.permissions, passwordLogin: false } } });
    expect(put.statusCode).toBe(200);
    expect(put.json().team.passwordLogin).toBe(false);
    const res = await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'bodenleger@example.com', password: 'demo1234' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'company_account_required', message: MSG.companyAccountRequired });
    // A save from a client that does not know the field keeps the setting.
    await t.as(admin, { method: 'PUT', url: `/api/team/${group!.id}`, payload: { team: { name: 'Bodenleger', permissions: group!.permissions } } });
    expect((await t.db.select().from(userGroups).where(eq(userGroups.id, group!.id)))[0]!.passwordLogin).toBe(false);
    // Without the company account set up, the password is the only way in and works.
    const plain = await buildTestApp();
    try {
      await plain.db.update(userGroups).set({ passwordLogin: false }).where(eq(userGroups.name, 'Bodenleger'));
      expect((await plain.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'bodenleger@example.com', password: 'demo1234' } })).statusCode).toBe(200);
    } finally {
      await plain.close();
    }

    const [adminGroup] = await t.db.select().from(userGroups).where(eq(userGroups.name, 'Admin'));
    const refused = await t.as(admin, { method: 'PUT', url: `/api/team/${adminGroup!.id}`, payload: { team: { name: 'Admin', permissions: [], passwordLogin: false } } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(MSG.adminKeepsPassword);
    expect((await t.db.select().from(userGroups).where(eq(userGroups.id, adminGroup!.id)))[0]!.passwordLogin).toBe(true);
  });
});

describe('OIDC configuration', () => {
  it('requires https except on the loopback address, and a valid group map', () => {
    expect(() => readOidcConfig({ OIDC_ISSUER: 'http://idp.firma.example', OIDC_CLIENT_ID: 'x' })).toThrow(/https/);
    expect(readOidcConfig({ OIDC_ISSUER: 'http://localhost:8080/realms/firma/', OIDC_CLIENT_ID: 'x' })?.issuer).toBe('http://localhost:8080/realms/firma');
    expect(readOidcConfig({ OIDC_ISSUER: 'https://login.microsoftonline.com/t/v2.0', OIDC_CLIENT_ID: 'x' })).toMatchObject({ scopes: 'openid profile email', groupsClaim: 'groups', autoCreate: true });
    expect(() => readOidcConfig({ OIDC_ISSUER: 'https://idp.example', OIDC_CLIENT_ID: 'x', OIDC_GROUP_MAP: '["a"]' })).toThrow(/OIDC_GROUP_MAP/);
    expect(() => readOidcConfig({ OIDC_ISSUER: 'https://idp.example' })).toThrow(/OIDC_CLIENT_ID/);
    expect(JSON.stringify(readOidcConfig({ OIDC_ISSUER: 'https://idp.example', OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'geheim' }))).not.toContain('geheim');
  });
});

