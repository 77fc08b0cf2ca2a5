import { and, asc, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { parseSort } from '@filialportal/core/sort';
import { formatDate, formatTime } from '../../platform/dates.ts';
import { inBatches } from '../../platform/exports.ts';
import { likeTerm, pageWindow, totalColumn, totalOf } from '../../platform/paging.ts';
import { MSG } from '@filialportal/core/messages';
import { LOGIN_LOG_COUNT_CAP } from '@filialportal/core/session';
import type { Actor } from '../../platform/access.ts';
import { forgetActors } from '../../platform/actor-cache.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { daysAgo, rowCount } from '../../platform/retention.ts';
import { dummyPasswordHash, verifyPassword } from '../../platform/passwords.ts';
import { userGroups } from '../teams/index.ts';
import { users } from '../users/index.ts';
import { hasSecondFactor, takeOneTimeCode } from './factors.service.ts';
import { type ClientInfo, logAttempt, onlyCompanyAccount, openSession } from './open-session.ts';
import { passkeyOwner } from './passkeys.service.ts';

export type { ClientInfo } from './open-session.ts';
import { loginLog, sessions } from './session.table.ts';

/**
 * Brute force without lock-out as a weapon: within LOCK_MINUTES an account takes at most
 * MAX_FAILED_LOGINS wrong passwords from one address (counted since the last success there), and
 * at most MAX_FAILED_LOGINS from all addresses it has never logged in from, together. A stranger
 * who exhausts the second budget locks out other strangers, not the owner at a usual address.
 */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;
/** An address counts as the account's own after a successful login from it in this many days. */
export const KNOWN_ADDRESS_DAYS = 90;


/**
 * POST /token: checks the password, then the second factor of an account that has one (a code
 * of the authenticator app, a recovery code or a passkey); every refusal goes to the login log.
 * A group set to 'nur Firmenkonto' signs in with the company account only, while it is set up.
 */
export async function login(
  deps: ServiceDeps<'db' | 'config'>,
  { username, password, otp, passkey, client }: { username: string; password: string; otp?: string; passkey?: string; client: ClientInfo },
): Promise<{ token: string }> {
  const { db } = deps;
  const name = username.trim().toLowerCase();
  const fail = async (userId: string | null, error: AppError): Promise<never> => {
    await logAttempt(deps, { userId, userName: name, client, success: false, method: 'password' });
    throw error;
  };

  if (await loginLocked(db, name, client.ip)) await fail(null, new AppError(429, 'too_many_attempts', MSG.tooManyLoginAttempts));
  const [row] = await db
    .select({ id: users.id, hash: users.passwordHash, active: users.active, externalLogin: users.externalLogin, passwordLogin: userGroups.passwordLogin })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(eq(users.email, name));
  const ok = await verifyPassword(password, row?.hash ?? (await dummyPasswordHash()));
  if (!row || !ok || !row.active) return fail(row?.id ?? null, new AppError(401, 'invalid_credentials', MSG.wrongLogin));
  if (onlyCompanyAccount(deps, row)) return fail(row.id, new AppError(401, 'company_account_required', MSG.companyAccountRequired));
  if (await hasSecondFactor(deps, row.id)) {
    // The password was right: asking for the second factor is a step, not a failed attempt.
    if (!otp && !passkey) throw new AppError(401, 'second_factor_required', MSG.secondFactorRequired);
    const proven = otp ? await takeOneTimeCode(deps, { userId: row.id, code: otp }) : (await passkeyOwner(deps, passkey!, row.id)) === row.id;
    if (!proven) await fail(row.id, new AppError(401, 'invalid_second_factor', MSG.secondFactorInvalid));
  }
  return openSession(deps, { who: { userId: row.id, userName: name, externalLogin: row.externalLogin }, method: 'password', client });
}

/**
 * Whether this address may not try a password for this account now (see MAX_FAILED_LOGINS).
 * One statement over the account's log rows of the last 15 minutes and its known addresses,
 * both read through the index on (user_name, created_at).
 */
async function loginLocked(db: Db, name: string, ip: string): Promise<boolean> {
  const since = new Date(Date.now() - LOCK_MINUTES * 60_000);
  const knownSince = new Date(Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000);
  const result = await db.execute(sql`
    with recent as (
      select ip, success, created_at from ${loginLog} where user_name = ${name} and created_at > ${since}
    ), known as (
      select distinct ip from ${loginLog} where user_name = ${name} and success and created_at > ${knownSince}
    )
    select
      (select count(*) from recent r where not r.success and r.ip = ${ip}
         and r.created_at > coalesce((select max(created_at) from recent where success and ip = ${ip}), ${since}))::int as "here",
      (select count(*) from recent r where not r.success and r.ip not in (select ip from known))::int as "strangers",
      exists (select 1 from known where ip = ${ip}) as "known"`);
  const [row] = (result as unknown as { rows: { here: number; strangers: number; known: boolean }[] }).rows;
  if (!row) return false;
  return row.here >= MAX_FAILED_LOGINS || (!row.known && row.strangers >= MAX_FAILED_LOGINS);
}

/** GET /api-token-refresh: marks the session active now and answers with the same token. */
export async function refresh({ db }: ServiceDeps<'db'>, actor: Actor) {
  await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, actor.sessionId));
}

/** POST /logout: revokes the token server-side. */
export async function logout({ db }: ServiceDeps<'db'>, actor: Actor) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, actor.sessionId));
  await forgetActors(db);
}

/** Ends all sessions of a user (deactivation, password change), optionally keeping one. */
export async function endUserSessions({ db }: ServiceDeps<'db'>, { userId, keepSessionId }: { userId: string; keepSessionId?: string }) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
  await forgetActors(db);
}

const LOG_SORT = ['date', 'userName', 'ip', 'city', 'country', 'success'] as const;
const logSortColumn = { date: loginLog.createdAt, userName: loginLog.userName, ip: loginLog.ip, city: loginLog.city, country: loginLog.country, success: loginLog.success };
/** Same expression as the trigram index login_log_search_idx. */
const logSearch = sql`lower(${loginLog.userName} || ' ' || ${loginLog.ip} || ' ' || ${loginLog.city} || ' ' || ${loginLog.country})`;

function logFilter(term: string | undefined) {
  const t = term?.trim();
  return t ? sql`${logSearch} like ${likeTerm(t)}` : undefined;
}

function toLogDto(r: typeof loginLog.$inferSelect) {
  return {
    id: r.id,
    date: formatDate(r.createdAt),
    time: formatTime(r.createdAt),
    createdAt: r.createdAt.toISOString(),
    userName: r.userName,
    ip: r.ip,
    city: r.city,
    country: r.country,
    success: r.success,
    method: r.method,
  };
}

/** GET /loginlog/list/{page}: newest first by default; 6 per page like every settings list. */
export async function listLoginLog({ db }: ServiceDeps<'db'>, opts: { page: number; term?: string; sort?: string }) {
  const where = logFilter(opts.term);
  const s = parseSort(opts.sort, LOG_SORT);
  const order = s ? [(s.desc ? desc : asc)(logSortColumn[s.field]), desc(loginLog.createdAt)] : [desc(loginLog.createdAt), asc(loginLog.id)];
  const { limit, offset } = pageWindow(opts.page);
  // Counting every match of a broad search reads most of the table for a page of six: the count
  // stops one past the cap (the list then says 'mehr als 1.000'), inside the page's statement.
  const capped = db.select({ one: sql`1` }).from(loginLog).where(where).limit(LOGIN_LOG_COUNT_CAP + 1).as('capped');
  const countQuery = db.select({ n: count() }).from(capped);
  const q = db.select({ row: loginLog, total: totalColumn(countQuery) }).from(loginLog).where(where).orderBy(...order).offset(offset);
  const rows = await (limit === undefined ? q : q.limit(limit));
  const total = await totalOf(rows, countQuery);
  return { list: rows.map((r) => toLogDto(r.row)), count: Math.min(total, LOGIN_LOG_COUNT_CAP), more: total > LOGIN_LOG_COUNT_CAP };
}

export function loginLogExportRows({ db }: ServiceDeps<'db'>, term: string | undefined) {
  const where = logFilter(term);
  return inBatches((limit, offset) => db.select().from(loginLog).where(where).orderBy(desc(loginLog.createdAt), asc(loginLog.id)).limit(limit).offset(offset));
}

/** Retention: login attempts past their period go (180 days by default). */
export async function expireLoginLog({ db }: ServiceDeps<'db'>, days: number, limit: number): Promise<number> {
  return rowCount(await db.execute(sql`delete from ${loginLog} where ${loginLog.id} in (select id from ${loginLog} where ${loginLog.createdAt} < ${daysAgo(days)} limit ${limit})`));
}
