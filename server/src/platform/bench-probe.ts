import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Database } from './db.ts';
import type { PgliteThread } from './pglite-thread.ts';

/**
 * Measuring aids for `npm run bench`, off unless the server starts with BENCH_PROBE set to a
 * secret of at least 16 characters (the bench draws a random one per run). Then the process
 *  - counts the SQL statements it sends (every client.query of the pool, on PostgreSQL and on
 *    PGlite alike),
 *  - reads the CPU time of the PGlite thread (Linux: /proc/self/task/<tid>/schedstat),
 *  - samples the event-loop delay (perf_hooks.monitorEventLoopDelay, 10 ms resolution),
 *  - counts the API requests it receives,
 * and answers GET /api/bench-probe with these figures to a caller that sends the secret in the
 * header X-Bench-Probe; for anyone else the route does not exist (404). The event-loop histogram
 * starts afresh with every answer, so a reading covers the time since the previous one.
 */
export const BENCH_PROBE_PATH = '/api/bench-probe';
const MIN_SECRET_LENGTH = 16;

export interface DatabaseCounters {
  /** SQL statements sent since start. */
  statements: number;
  /** CPU µs of the PGlite thread so far; 0 on PostgreSQL or where the thread cannot be read. */
  databaseThreadMicros(): number;
}

export interface BenchProbeReading {
  /** CPU time of this process (user + system, all threads, the PGlite thread included) in µs. */
  cpuMicros: number;
  requests: number;
  statements: number;
  /** CPU time of the PGlite thread in µs (0 on PostgreSQL). */
  engineMicros: number;
  /** Event-loop delay since the previous reading, in milliseconds. */
  eventLoop: { p50: number; p99: number; max: number; mean: number };
}

/** The secret from the environment, or null when the probe is off; a short secret stops the start. */
export function benchProbeSecret(env: NodeJS.ProcessEnv = process.env): string | null {
  const secret = env.BENCH_PROBE ?? '';
  if (secret === '') return null;
  if (secret.length < MIN_SECRET_LENGTH) throw new Error(`BENCH_PROBE muss mindestens ${MIN_SECRET_LENGTH} Zeichen lang sein.`);
  return secret;
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Starts counting the statements of a database handle: wraps `query` of every client its pool
 * hands out ('acquire' fires for each checkout, pool.query and transactions included; on PGlite
 * the pool's one connection leads to the database thread).
 */
export function countDatabase(database: Database): DatabaseCounters {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const thread = (database as Partial<{ thread: PgliteThread }>).thread;
  const counters: DatabaseCounters = {
    statements: 0,
    databaseThreadMicros: () => {
      const tid = thread?.threadId();
      if (!tid) return 0;
      try {
        return Number(fs.readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1000;
      } catch {
        return 0;
      }
    },
  };
  const wrapped = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (c) => {
    if (wrapped.has(c)) return;
    wrapped.add(c);
    const original = c.query as unknown as QueryFn;
    (c as unknown as { query: QueryFn }).query = function (this: unknown, ...args: unknown[]) {
      counters.statements++;
      return original.apply(this, args);
    };
  });
  return counters;
}

/** Registers the request counter and GET /api/bench-probe (see above). */
export function registerBenchProbe(app: FastifyInstance, probe: { secret: string; counters: DatabaseCounters }) {
  const expected = Buffer.from(probe.secret);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let requests = 0;
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.url.startsWith('/api/') && !req.url.startsWith(BENCH_PROBE_PATH)) requests++;
    done();
  });
  app.get(BENCH_PROBE_PATH, { config: { access: 'public' }, schema: { hide: true } }, (req, reply) => {
    const given = Buffer.from(String(req.headers['x-bench-probe'] ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply.callNotFound();
    const ms = (ns: number) => (Number.isFinite(ns) ? ns / 1e6 : 0);
    const cpu = process.cpuUsage();
    const reading: BenchProbeReading = {
      cpuMicros: cpu.user + cpu.system,
      requests,
      statements: probe.counters.statements,
      engineMicros: Math.round(probe.counters.databaseThreadMicros()),
      eventLoop: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max), mean: ms(delay.mean) },
    };
    delay.reset();
    return reply.send(reading);
  });
}
