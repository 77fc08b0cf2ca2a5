import { sql } from 'drizzle-orm';
import type { Actor } from './access.ts';
import type { Db } from './db.ts';

/**
 * Resolved sessions, kept per instance: the session module fills the cache when it reads a
 * token, and every change that can end or narrow a session clears it at once (`forgetActors`),
 * on this instance directly and on the others through PostgreSQL's NOTIFY. The cache lives in the
 * platform because the writes that narrow a session belong to modules below the session module
 * (a group's permissions in teams, a person's location or deactivation in users): they clear it
 * here without importing the module that reads sessions.
 */

/** The channel on which instances tell each other to drop their cached sessions. */
export const ACTOR_CHANNEL = 'filialportal_actors';
const MAX_CACHED = 20_000;

export interface CachedActor {
  db: Db;
  actor: Actor;
  idleLimitMs: number;
  /** When the session was last marked active (ms); advanced in place as it is touched. */
  lastSeenAt: number;
  cachedAt: number;
}

let cache = new Map<string, CachedActor>();
/**
 * The entries the last invalidation dropped: a session read again may keep its person object
 * when the new read shows nothing changed (modules/session/authenticate.ts), so a logout
 * elsewhere does not make every session on the instance build its statements again.
 */
let dropped = new Map<string, CachedActor>();
/** Bumped by every invalidation: a lookup that raced with one does not enter the cache. */
let generation = 0;

/** The cached session of a token hash, if any; the caller decides whether it is still fresh. */
export function cachedActor(hash: string): CachedActor | undefined {
  return cache.get(hash);
}

/** The person object last read for a token hash, cached or dropped by the last invalidation. */
export function earlierActor(hash: string): Actor | undefined {
  return (cache.get(hash) ?? dropped.get(hash))?.actor;
}

/**
 * Call before reading a session from the database; the function it returns keeps what was read,
 * unless some change cleared the cache in the meantime (then the read may be stale).
 */
export function startActorLookUp(): (hash: string, entry: CachedActor) => void {
  const before = generation;
  return (hash, entry) => {
    if (before !== generation) return;
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(hash, entry);
  };
}

/** Drops every cached session on this instance (after logout, deactivation, group changes, …). */
export function forgetActorsHere() {
  generation++;
  dropped = cache;
  cache = new Map();
}

/**
 * Call after any write that can end a session or change what it may do. Clears this instance's
 * cache now and notifies the other instances; inside a transaction the notice leaves at commit,
 * so no instance can re-read the old state after hearing it.
 */
export async function forgetActors(db: Db) {
  forgetActorsHere();
  await db.execute(sql`select pg_notify(${ACTOR_CHANNEL}, '')`);
}
