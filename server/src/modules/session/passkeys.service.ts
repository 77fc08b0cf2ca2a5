import { and, eq } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { MSG } from '@filialportal/core/messages';
import type { Actor } from '../../platform/access.ts';
import { forgetActors } from '../../platform/actor-cache.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { AppError, badRequest, conflict, notFound, onConstraint } from '../../platform/errors.ts';
import { userGroups } from '../teams/index.ts';
import { users } from '../users/index.ts';
import { mailFactorChange, secondFactors } from './factors.service.ts';
import { type ClientInfo, logAttempt, onlyCompanyAccount, openSession } from './open-session.ts';
import { passkeys } from './sign-in.table.ts';
import { putStep, takeStep } from './sign-in-steps.ts';

/**
 * Passkeys (WebAuthn): registered in the person's settings, used to sign in without a name or
 * password (discoverable credentials) or as the second factor after the password. The relying
 * party is the portal's public address (PUBLIC_URL): its host name and origin.
 */

const CHALLENGE_MS = 5 * 60_000;
const passkeyFailed = () => new AppError(401, 'passkey_failed', MSG.passkeyFailed);

function relyingParty(publicUrl: string) {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: 'Filialportal' };
}

/** The challenge the browser signed, read from its client data; the server then checks it was issued. */
function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string | null {
  try {
    const data = JSON.parse(Buffer.from(String(response.response?.clientDataJSON ?? ''), 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 200 ? data.challenge : null;
  } catch {
    return null;
  }
}

/** POST /user/passkeys/options: the options to create a passkey for the person (not again on a device that has one). */
export async function registrationOptions({ db, config }: ServiceDeps<'db' | 'config'>, actor: Actor) {
  const { rpID, rpName } = relyingParty(config.publicUrl);
  const [user] = await db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, actor.userId));
  const existing = await db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, actor.userId));
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user!.email,
    userDisplayName: `${user!.firstName} ${user!.lastName}`.trim(),
    userID: Buffer.from(actor.userId.replace(/-/g, ''), 'hex'),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await putStep({ db }, { kind: 'passkey_challenge', key: options.challenge, userId: actor.userId, data: { purpose: 'register' }, ttlMs: CHALLENGE_MS });
  return { options: options as unknown as Record<string, unknown> };
}

/** POST /user/passkeys: checks the browser's new credential against the issued challenge and keeps it. */
export async function registerPasskey(deps: ServiceDeps<'db' | 'config' | 'mailer'>, actor: Actor, input: { name: string; response: Record<string, unknown> }) {
  const { db, config } = deps;
  const { rpID, origin } = relyingParty(config.publicUrl);
  const response = input.response as unknown as RegistrationResponseJSON;
  const challenge = challengeOf(response);
  const step = challenge ? await takeStep({ db }, { kind: 'passkey_challenge', key: challenge }) : null;
  if (!step || step.userId !== actor.userId || step.data.purpose !== 'register') throw badRequest(MSG.passkeyFailed, 'passkey_failed');
  const result = await verifyRegistrationResponse({ response, expectedChallenge: challenge!, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: false }).catch(() => null);
  if (!result?.verified) throw badRequest(MSG.passkeyFailed, 'passkey_failed');
  const { credential } = result.registrationInfo;
  await db
    .insert(passkeys)
    .values({
      userId: actor.userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: input.name,
    })
    .catch(onConstraint({ passkeys_credential_id_unique: () => conflict(MSG.duplicateEntry, 'duplicate') }));
  await forgetActors(db);
  await mailFactorChange(deps, actor.userId, `Ein Passkey „${input.name}“ wurde hinzugefügt.`);
  return secondFactors(deps, actor);
}

/** DELETE /user/passkeys/{id}: the person removes one of their passkeys. */
export async function removePasskey(deps: ServiceDeps<'db' | 'mailer'>, actor: Actor, id: string) {
  const [removed] = await deps.db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, actor.userId)))
    .returning({ name: passkeys.name });
  if (!removed) throw notFound();
  await forgetActors(deps.db);
  await mailFactorChange(deps, actor.userId, `Der Passkey „${removed.name}“ wurde entfernt.`);
}

/** POST /auth/passkey/options: a challenge for any passkey of this portal (the browser offers the person's own). */
export async function authenticationOptions({ db, config }: ServiceDeps<'db' | 'config'>) {
  const { rpID } = relyingParty(config.publicUrl);
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred' });
  await putStep({ db }, { kind: 'passkey_challenge', key: options.challenge, data: { purpose: 'login' }, ttlMs: CHALLENGE_MS });
  return { options: options as unknown as Record<string, unknown> };
}

/**
 * The person a passkey assertion proves, or null: the challenge was issued (and is now used up),
 * the credential is known (and, as a second factor, the account's own), the signature checks
 * out and the counter went up. Alone (no password) it also needs the user's verification
 * (PIN, fingerprint) on the device.
 */
export async function passkeyOwner({ db, config }: ServiceDeps<'db' | 'config'>, assertion: string | Record<string, unknown>, secondFactorOf?: string): Promise<string | null> {
  let response: AuthenticationResponseJSON;
  try {
    response = (typeof assertion === 'string' ? JSON.parse(assertion) : assertion) as AuthenticationResponseJSON;
  } catch {
    return null;
  }
  const challenge = challengeOf(response);
  const step = challenge ? await takeStep({ db }, { kind: 'passkey_challenge', key: challenge }) : null;
  if (!step || step.data.purpose !== 'login' || typeof response.id !== 'string') return null;
  const [key] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id.slice(0, 500)));
  if (!key || (secondFactorOf && key.userId !== secondFactorOf)) return null;
  const { rpID, origin } = relyingParty(config.publicUrl);
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge!,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: { id: key.credentialId, publicKey: Buffer.from(key.publicKey, 'base64url'), counter: key.counter, transports: key.transports as AuthenticatorTransport[] },
    requireUserVerification: !secondFactorOf,
  }).catch(() => null);
  if (!result?.verified) return null;
  // The counter only moves up; a parallel use of the same signature finds it moved already.
  const moved = await db
    .update(passkeys)
    .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(and(eq(passkeys.id, key.id), eq(passkeys.counter, key.counter)))
    .returning({ id: passkeys.id });
  return moved.length ? key.userId : null;
}

/** POST /auth/passkey/login: signs in with a passkey alone, as the password login would with its rules. */
export async function passkeyLogin(deps: ServiceDeps<'db' | 'config'>, { response, client }: { response: Record<string, unknown>; client: ClientInfo }) {
  const { db } = deps;
  const userId = await passkeyOwner(deps, response);
  if (!userId) {
    await logAttempt(deps, { userId: null, userName: '', client, success: false, method: 'passkey' });
    throw passkeyFailed();
  }
  const [user] = await db
    .select({ email: users.email, active: users.active, externalLogin: users.externalLogin, passwordLogin: userGroups.passwordLogin })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(eq(users.id, userId));
  const refusal = !user!.active
    ? new AppError(401, 'invalid_credentials', MSG.userInactive)
    : onlyCompanyAccount(deps, user!)
      ? new AppError(401, 'company_account_required', MSG.companyAccountRequired)
      : null;
  if (refusal) {
    await logAttempt(deps, { userId, userName: user!.email, client, success: false, method: 'passkey' });
    throw refusal;
  }
  return openSession(deps, { who: { userId, userName: user!.email, externalLogin: user!.externalLogin }, method: 'passkey', client });
}
