import { randomBytes } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { MSG } from '@filialportal/core/messages';
import type { SsoError } from '@filialportal/core/session';
import type { ServiceDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { sha256 } from '../../platform/passwords.ts';
import { locations } from '../locations/index.ts';
import { userGroups } from '../teams/index.ts';
import { createDirectoryAccount, followDirectory, users } from '../users/index.ts';
import { type ClientInfo, logAttempt, openSession } from './open-session.ts';
import { ssoIdentities } from './sign-in.table.ts';
import { putStep, takeStep } from './sign-in-steps.ts';

/**
 * Sign-in with the company account (OpenID Connect, authorization code flow with PKCE, state and
 * nonce). The provider's answer ends in a one-time ticket that the web exchanges for a token: the
 * token never stands in an address, and the session opens with the rules of every sign-in
 * (deactivated, location IP rule, login log).
 */

type OidcConfig = NonNullable<ServiceDeps<'config'>['config']['oidc']>;

const STATE_MS = 10 * 60_000;
const TICKET_MS = 60_000;
/** Binds the callback to the browser that started the sign-in (against a planted sign-in). */
export const BROWSER_COOKIE = 'fp_sso';

/** Why a sign-in ended without a ticket: the web shows the German message of the code. */
export class SsoRefusal extends Error {
  constructor(public code: SsoError) {
    super(code);
  }
}

/** The provider's metadata, read once per configuration; a failed read is tried again at the next sign-in. */
const discovered = new WeakMap<OidcConfig, Promise<oidc.Configuration>>();
function providerOf(config: OidcConfig): Promise<oidc.Configuration> {
  let hit = discovered.get(config);
  if (!hit) {
    hit = oidc.discovery(new URL(config.issuer), config.clientId, config.clientSecret || undefined, undefined, config.allowHttp ? { execute: [oidc.allowInsecureRequests] } : undefined);
    hit.catch(() => discovered.delete(config));
    discovered.set(config, hit);
  }
  return hit;
}

const redirectUri = (publicUrl: string) => `${publicUrl}/api/auth/oidc/callback`;

/** GET /auth/oidc/login: the address at the provider, and the browser's binding (a cookie value). */
export async function startSignIn({ db, config }: ServiceDeps<'db' | 'config'>): Promise<{ location: string; browser: string }> {
  if (!config.oidc) throw new AppError(404, 'sso_not_configured', MSG.ssoNotConfigured);
  const provider = await providerOf(config.oidc);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const browser = randomBytes(24).toString('base64url');
  await putStep({ db }, { kind: 'oidc_state', key: state, data: { verifier, nonce, browser: sha256(browser) }, ttlMs: STATE_MS });
  const url = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: redirectUri(config.publicUrl),
    scope: config.oidc.scopes,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { location: url.href, browser };
}

/**
 * GET /auth/oidc/callback: checks the provider's answer (state of this browser, code with PKCE,
 * ID token's issuer, audience, nonce and signature), finds or creates the person and brings
 * group and location in line with the directory. Answers the one-time ticket.
 */
export async function finishSignIn(deps: ServiceDeps<'db' | 'config' | 'hooks'>, { url, browser, client }: { url: string; browser: string | undefined; client: ClientInfo }) {
  const { db, config } = deps;
  if (!config.oidc) throw new SsoRefusal('not_configured');
  const current = new URL(url, config.publicUrl);
  const state = current.searchParams.get('state');
  const step = state && state.length <= 200 ? await takeStep({ db }, { kind: 'oidc_state', key: state }) : null;
  if (!step || !browser || step.data.browser !== sha256(browser)) throw new SsoRefusal('failed');
  const provider = await providerOf(config.oidc);
  const tokens = await oidc.authorizationCodeGrant(provider, new URL(redirectUri(config.publicUrl) + current.search), {
    pkceCodeVerifier: step.data.verifier,
    expectedState: state!,
    expectedNonce: step.data.nonce,
    idTokenExpected: true,
  });
  let claims: Record<string, unknown> = { ...tokens.claims() };
  // Some providers (Keycloak without a mapper, Entra with many groups) put groups only into userinfo.
  if (claims[config.oidc.groupsClaim] === undefined && tokens.access_token) {
    claims = { ...(await oidc.fetchUserInfo(provider, tokens.access_token, String(claims.sub))), ...claims };
  }
  const userId = await personOf(deps, config.oidc, claims, client);
  const ticket = randomBytes(32).toString('base64url');
  await putStep({ db }, { kind: 'sso_ticket', key: ticket, userId, ttlMs: TICKET_MS });
  return ticket;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** The portal account behind the provider's claims; refusals are logged under the e-mail address. */
async function personOf(deps: ServiceDeps<'db' | 'config' | 'hooks'>, config: OidcConfig, claims: Record<string, unknown>, client: ClientInfo): Promise<string> {
  const { db } = deps;
  const subject = text(claims.sub).slice(0, 255);
  const email = (text(claims.email) || text(claims.preferred_username)).toLowerCase().slice(0, 200);
  const refuse = async (code: SsoError, userId: string | null = null): Promise<never> => {
    await logAttempt({ db }, { userId, userName: email || subject, client, success: false, method: 'sso' });
    throw new SsoRefusal(code);
  };
  if (!email.includes('@') || claims.email_verified === false) return refuse('no_email');

  const held = ([] as unknown[]).concat(claims[config.groupsClaim] ?? []).map(text);
  const groupName = config.groupMap.find(([idpGroup]) => held.includes(idpGroup))?.[1];
  const [group] = groupName ? await db.select({ id: userGroups.id }).from(userGroups).where(eq(userGroups.name, groupName)) : [];
  const locationId = await locationOf(deps, config, claims);

  const [known] = await db
    .select({ id: users.id, active: users.active, subject: ssoIdentities.subject })
    .from(users)
    .leftJoin(ssoIdentities, eq(ssoIdentities.userId, users.id))
    .where(or(eq(users.email, email), sql`${users.id} = (select ${ssoIdentities.userId} from ${ssoIdentities} where ${ssoIdentities.subject} = ${subject})`))
    .orderBy(sql`${ssoIdentities.subject} = ${subject} desc nulls last`)
    .limit(1);
  if (!group) return refuse('no_group', known?.id ?? null);
  if (known && !known.active) return refuse('inactive', known.id);
  // An account linked to another identity of the provider is not taken over by a matching e-mail address.
  if (known?.subject && known.subject !== subject) return refuse('failed', known.id);
  if (!known && !config.autoCreate) return refuse('unknown_user');

  let userId: string;
  if (known) {
    userId = known.id;
    await followDirectory(deps, { userId, groupId: group.id, locationId });
  } else {
    const [first] = locationId ? [{ id: locationId }] : await db.select({ id: locations.id }).from(locations).orderBy(locations.position, locations.name).limit(1);
    userId = await createDirectoryAccount(deps, {
      email,
      firstName: text(claims.given_name).slice(0, 100) || email.split('@')[0]!,
      lastName: (text(claims.family_name) || text(claims.name)).slice(0, 100),
      groupId: group.id,
      locationId: first!.id,
    });
  }
  await db.insert(ssoIdentities).values({ subject, userId }).onConflictDoNothing();
  return userId;
}

/** The location the claim names, by name or short name (Kürzel); null when there is no claim or no match. */
async function locationOf({ db }: ServiceDeps<'db'>, config: OidcConfig, claims: Record<string, unknown>): Promise<string | null> {
  const value = config.locationClaim ? text(claims[config.locationClaim]).toLowerCase() : '';
  if (!value) return null;
  const [hit] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(or(sql`lower(${locations.name}) = ${value}`, sql`lower(${locations.shortName}) = ${value}`))
    .limit(1);
  return hit?.id ?? null;
}

/** POST /auth/oidc/ticket: the ticket, once and within 60 seconds, becomes a session token. */
export async function redeemTicket(deps: ServiceDeps<'db'>, { ticket, client }: { ticket: string; client: ClientInfo }) {
  const { db } = deps;
  const step = await takeStep({ db }, { kind: 'sso_ticket', key: ticket });
  const [user] = step?.userId
    ? await db.select({ id: users.id, email: users.email, active: users.active, externalLogin: users.externalLogin }).from(users).where(eq(users.id, step.userId))
    : [];
  if (!user || !user.active) throw new AppError(401, 'sso_ticket_invalid', MSG.ssoTicketInvalid);
  return openSession(deps, { who: { userId: user.id, userName: user.email, externalLogin: user.externalLogin }, method: 'sso', client });
}
