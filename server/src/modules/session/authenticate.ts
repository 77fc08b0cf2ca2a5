import { eq, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import type { Actor } from '../../platform/access.ts';
import { cachedActor, earlierActor, startActorLookUp, type CachedActor } from '../../platform/actor-cache.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { prepared } from '../../platform/prepared.ts';
import { sha256 } from '../../platform/passwords.ts';
import { allowedIps, ipAllowed } from '../locations/index.ts';
import { userGroups } from '../teams/index.ts';
import { users } from '../users/index.ts';
import { sessions } from './session.table.ts';
import { hasSecondFactorSql } from './sign-in.table.ts';

/** last_seen_at is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 15_000;
/**
 * A resolved session is kept this long per instance (platform/actor-cache.ts). Every change that
 * can end or narrow a session clears the cache at once; the time limit only bounds what no write
 * announces.
 */
const ACTOR_TTL_MS = 60_000;

const sessionExpired = () => new AppError(401, 'session_expired', MSG.sessionExpired);

/**
 * The session lookup of a request that is not cached, a prepared statement: building the query
 * and parsing the group's permission array each time cost more than the query itself.
 */
const sessionOf = prepared((db) =>
  db
    .select({
      sessionId: sessions.id,
      clientKind: sessions.clientKind,
      lastSeenAt: sessions.lastSeenAt,
      revokedAt: sessions.revokedAt,
      userId: users.id,
      active: users.active,
      externalLogin: users.externalLogin,
      locationId: users.locationId,
      selectedLocationId: users.selectedLocationId,
      groupId: userGroups.id,
      role: userGroups.name,
      permissions: userGroups.permissions,
      subordinateGroups: userGroups.subordinateUserGroups,
      desktopMinutes: userGroups.loginTimeForDesktop,
      tabletMinutes: userGroups.loginTimeForTablet,
      method: sessions.method,
      twoFactorRequired: userGroups.twoFactorRequired,
      hasSecondFactor: hasSecondFactorSql(users.id),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(eq(sessions.tokenHash, sql.placeholder('hash')))
    .prepare('auth_session'),
);

/**
 * Resolves a bearer token to the acting user: 401 unknown/revoked/inactive, 408 idle beyond
 * the group's minutes for the client kind, 406 outside the IP lists. A session seen in the last
 * minute is answered from memory; `touch` marks activity (a background poll passes false so it
 * cannot keep a session alive).
 */
export async function authenticate(deps: ServiceDeps<'db'>, { token, ip, touch }: { token: string; ip: string; touch: boolean }): Promise<Actor> {
  const { db } = deps;
  const hash = sha256(token);
  const now = Date.now();
  let hit = cachedActor(hash);
  // An entry that would time out is read again: another instance may have seen the session since.
  if (hit && (hit.db !== db || now - hit.cachedAt > ACTOR_TTL_MS || now - hit.lastSeenAt > hit.idleLimitMs)) hit = undefined;
  const entry = hit ?? (await lookUp(db, hash, now, earlierActor(hash)));
  if (!entry.actor.externalLogin && !ipAllowed(await allowedIps(deps), ip)) throw new AppError(406, 'ip_not_allowed', MSG.ipNotAllowed);
  if (touch && now - entry.lastSeenAt > TOUCH_EVERY_MS) {
    entry.lastSeenAt = now;
    await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, entry.actor.sessionId));
  }
  return entry.actor;
}

async function lookUp(db: Db, hash: string, now: number, before: Actor | undefined): Promise<CachedActor> {
  const keep = startActorLookUp();
  const [row] = await sessionOf(db).execute({ hash });
  if (!row || row.revokedAt || !row.active) throw sessionExpired();
  const idleLimitMs = (row.clientKind === 'tablet' ? row.tabletMinutes : row.desktopMinutes) * 60_000;
  if (now - row.lastSeenAt.getTime() > idleLimitMs) {
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, row.sessionId));
    throw new AppError(408, 'session_timeout', MSG.sessionExpired);
  }
  const read: Actor = {
    userId: row.userId,
    sessionId: row.sessionId,
    role: row.role,
    groupId: row.groupId,
    locationId: row.locationId,
    selectedLocationId: row.selectedLocationId ?? row.locationId,
    permissions: rightsOf(row.groupId, row.permissions),
    subordinateGroups: row.subordinateGroups,
    externalLogin: row.externalLogin,
    // The company account and a passkey prove more than a password: only a password session waits for the factor.
    enrolmentPending: row.method === 'password' && row.twoFactorRequired && !row.hasSecondFactor,
  };
  const entry: CachedActor = {
    db,
    actor: before && sameActor(before, read) ? before : read,
    idleLimitMs,
    lastSeenAt: row.lastSeenAt.getTime(),
    cachedAt: now,
  };
  keep(hash, entry);
  return entry;
}

/**
 * A session read again after its minute in the cache keeps its person object when nothing changed:
 * what was built for that object (the lists' prepared statements, platform/prepared.ts) is built
 * once per session, not once a minute. The permission set is the group's shared one (rightsOf),
 * so an unchanged group gives the same set.
 */
function sameActor(a: Actor, b: Actor): boolean {
  return (
    a.userId === b.userId &&
    a.sessionId === b.sessionId &&
    a.role === b.role &&
    a.groupId === b.groupId &&
    a.locationId === b.locationId &&
    a.selectedLocationId === b.selectedLocationId &&
    a.permissions === b.permissions &&
    a.externalLogin === b.externalLogin &&
    a.enrolmentPending === b.enrolmentPending &&
    a.subordinateGroups.length === b.subordinateGroups.length &&
    a.subordinateGroups.every((g, i) => g === b.subordinateGroups[i])
  );
}

/**
 * One permission set per group and content: a hundred sessions of one group share it, and a
 * group's array is turned into a set once, not on every session read.
 */
const rightsCache = new Map<string, { list: readonly string[]; set: ReadonlySet<string> }>();
function rightsOf(groupId: string, list: readonly string[]): ReadonlySet<string> {
  const hit = rightsCache.get(groupId);
  if (hit && hit.list.length === list.length && hit.list.every((p, i) => p === list[i])) return hit.set;
  const set = new Set(list);
  rightsCache.set(groupId, { list, set });
  return set;
}
