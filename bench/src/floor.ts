/**
 * The database floor: how many `select 1` round trips per second Node gets with 50 concurrent
 * callers, without HTTP — on PostgreSQL over the pool the server uses, and on PGlite over its one
 * connection to the database thread.
 * An endpoint that needs k queries cannot pass this rate divided by k.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/src/platform/db.ts';
import { CONNECTIONS } from './load.ts';

export async function roundTripsPerSecond(database: Database, seconds: number): Promise<number> {
  let n = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        await database.db.execute(sql`select 1`);
        n++;
      }
    }),
  );
  return n / seconds;
}
