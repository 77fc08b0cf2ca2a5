import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from './db.ts';
import { rateLimits } from './rate-limits.table.ts';
import type { Scheduler } from './scheduler.ts';

/** How often expired counters are deleted; until then an expired row only costs its space. */
export const RATE_LIMIT_CLEANUP_MS = 10 * 60_000;

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * What @fastify/rate-limit hands a store: its options merged with a route's, plus the route
 * (its typings name other types for both; the values are these).
 */
interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * Counts one hit of `key` in a window of `windowMs` and answers the hits so far and the
 * milliseconds until the window ends. One statement, so parallel hits on any instance are
 * counted exactly once each: the row lock of the upsert orders them. A window that has run out
 * starts afresh in the same statement, so an expired row needs no cleanup to be correct.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const result = await db.execute(sql`
    insert into ${rateLimits} as r (key, hits, resets_at)
    values (${key}, 1, now() + ${windowMs}::double precision * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when r.resets_at <= now() then 1 else r.hits + 1 end,
      resets_at = case when r.resets_at <= now() then excluded.resets_at else r.resets_at end
    returning hits as "current",
      -- now() is when the transaction began: one that waited for the row's lock behind the one
      -- that opened the window would read more than a whole window left.
      least(${windowMs}::int, greatest(0, ceil(extract(epoch from r.resets_at - now()) * 1000)))::int as "ttl"`);
  const [row] = (result as unknown as { rows: { current: number; ttl: number }[] }).rows;
  return row!;
}

/** Deletes the counters whose window has ended (the upsert would start them afresh anyway). */
export async function deleteExpiredRateLimits(db: Db): Promise<number> {
  const result = await db.execute(sql`delete from ${rateLimits} where resets_at <= now()`);
  return (result as unknown as { rowCount: number | null }).rowCount ?? 0;
}

/**
 * A store for @fastify/rate-limit on the database, so a limit counts the requests of all
 * instances together; the plugin's default store counts per process, and behind a load
 * balancer with n instances a client would get n times its limit. Each route gets a child
 * store whose keys carry the route, as the default store keeps one map per route. Registers
 * the cleanup of expired counters with the scheduler.
 */
export function rateLimitStore(deps: { db: Db; scheduler: Scheduler }): FastifyRateLimitStoreCtor {
  const { db, scheduler } = deps;
  scheduler.every('Abgelaufene Zugriffszähler löschen', RATE_LIMIT_CLEANUP_MS, () => deleteExpiredRateLimits(db));

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly scope: string;

    constructor(given: object) {
      const options = given as StoreOptions;
      // Both would need the window renewed on hits past the limit; nothing here uses them.
      if (options.continueExceeding || options.exponentialBackoff) throw new Error('rate limit store: continueExceeding/exponentialBackoff are not supported');
      const route = options.routeInfo;
      // Routes of one group share their count, as the plugin's groupId promises.
      if (options.groupId) this.scope = `group ${options.groupId}`;
      else this.scope = route?.url ? `${[route.method ?? ''].flat().join(',')} ${route.url}` : '*';
    }

    incr(key: string, cb: Callback, timeWindow: number) {
      countHit(db, `${this.scope} ${key}`, timeWindow).then(
        (result) => cb(null, result),
        (err: Error) => cb(err),
      );
    }

    child(routeOptions: object) {
      return new DatabaseRateLimitStore(routeOptions);
    }
  }
  return DatabaseRateLimitStore;
}
