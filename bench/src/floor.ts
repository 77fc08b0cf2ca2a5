/**
 * The database floor: `select 1` round trips from Node with 50 concurrent callers, without HTTP —
 * on PostgreSQL over the pool the server uses, on PGlite over its one connection to the database
 * thread — and what one costs in CPU: the Node side (this process's main work) and the database
 * side (the backends, or the PGlite thread). An endpoint with k statements pays k of these
 * besides its own work.
 */
import { sql } from 'drizzle-orm';
import { countDatabase } from '../../server/src/platform/bench-probe.ts';
import type { Database } from '../../server/src/platform/db.ts';
import { type Backends, backendCpuMicros } from './gauges.ts';
import { CONNECTIONS } from './load.ts';

export interface Floor {
  /** Round trips per second. */
  perSecond: number;
  /** CPU µs per round trip: Node (without the PGlite thread) and database. */
  nodeUs: number;
  dbUs: number;
}

const cpuNow = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

export async function roundTrips(database: Database, seconds: number, backends?: Backends): Promise<Floor> {
  const counters = database.kind === 'pglite' ? countDatabase(database) : null;
  // A short warm-up opens the pool's connections, whose backends are then measured.
  const run = async (ms: number) => {
    let n = 0;
    const until = Date.now() + ms;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < until) {
          await database.db.execute(sql`select 1`);
          n++;
        }
      }),
    );
    return n;
  };
  await run(300);
  const pids = backends ? await backends.pids() : [];
  const dbCpu = () => pids.reduce((a, pid) => a + (backendCpuMicros(pid) ?? 0), 0);
  const engine0 = counters?.databaseThreadMicros() ?? 0;
  const db0 = dbCpu();
  const cpu0 = cpuNow();
  const t0 = performance.now();
  const n = await run(seconds * 1000);
  const elapsed = (performance.now() - t0) / 1000;
  const node = cpuNow() - cpu0;
  const engine = counters ? counters.databaseThreadMicros() - engine0 : 0;
  const db = counters ? engine : dbCpu() - db0;
  return { perSecond: n / elapsed, nodeUs: (node - engine) / n, dbUs: db / n };
}
