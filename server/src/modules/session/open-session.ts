import type { SignInMethod } from '@filialportal/core/session';
import { isTabletUserAgent } from '@filialportal/core/session';
import { MSG } from '@filialportal/core/messages';
import type { ServiceDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { newToken } from '../../platform/passwords.ts';
import { allowedIps, ipAllowed } from '../locations/index.ts';
import { countSignInFailure } from '../../platform/metrics.ts';
import { loginLog, sessions } from './session.table.ts';

/** What every way of signing in shares: the login log and the opening of a session. */

export interface ClientInfo {
  ip: string;
  userAgent: string;
  /** Optional place names from a geo-aware load balancer, for the login log. */
  city?: string;
  country?: string;
}

/** One line of the login log: every attempt, by every method, successful or not. */
export function logAttempt({ db }: ServiceDeps<'db'>, entry: { userId: string | null; userName: string; client: ClientInfo; success: boolean; method: SignInMethod }) {
  const { client } = entry;
  if (!entry.success) countSignInFailure(entry.method);
  return db.insert(loginLog).values({
    userId: entry.userId,
    userName: entry.userName,
    ip: client.ip,
    city: client.city ?? '',
    country: client.country ?? '',
    success: entry.success,
    method: entry.method,
  });
}

/** 'Nur Firmenkonto': the group signs in with the company account only, while one is set up (no password, no passkey). */
export function onlyCompanyAccount({ config }: ServiceDeps<'config'>, group: { passwordLogin: boolean }): boolean {
  return !group.passwordLogin && config.oidc !== null;
}

/** Who signs in, as every method checks them before a session opens. */
export interface SigningIn {
  userId: string;
  userName: string;
  externalLogin: boolean;
}

/**
 * Opens a session for a person whose identity a method has proven: the location IP rule first
 * (406, logged), then the session, then the login log's success line.
 */
export async function openSession({ db }: ServiceDeps<'db'>, { who, method, client }: { who: SigningIn; method: SignInMethod; client: ClientInfo }): Promise<{ token: string }> {
  if (!who.externalLogin && !ipAllowed(await allowedIps({ db }), client.ip)) {
    await logAttempt({ db }, { userId: who.userId, userName: who.userName, client, success: false, method });
    throw new AppError(406, 'ip_not_allowed', MSG.ipNotAllowed);
  }
  const { token, hash } = newToken();
  await db.insert(sessions).values({
    tokenHash: hash,
    userId: who.userId,
    clientKind: isTabletUserAgent(client.userAgent) ? 'tablet' : 'desktop',
    ip: client.ip,
    userAgent: client.userAgent.slice(0, 500),
    method,
  });
  await logAttempt({ db }, { userId: who.userId, userName: who.userName, client, success: true, method });
  return { token };
}

