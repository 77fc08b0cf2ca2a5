/**
 * Metrics for operators (GET /api/metrics, Prometheus text format, prom-client): requests by route
 * pattern and status with their durations, the database pool and its query durations, the event
 * loop and the process (prom-client's defaults), open event streams, background work, the
 * outboxes of push and mail with their backlog, sign-ins that failed.
 *
 * One registry per process, like the process it describes: the figures that belong to an app
 * (its pool, its event streams, its outbox) are read from the apps that registered them, at
 * scrape time, so a request pays one histogram observation and nothing else.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from './db.ts';
import type { LiveHub } from './live.ts';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

/** Seconds: from a cached page (a few ms) to an export or an upload (seconds). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

const requests = new Histogram({
  name: 'filialportal_http_request_duration_seconds',
  help: 'Dauer der Anfragen bis zur Antwort, je Methode, Routenmuster und Status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: REQUEST_BUCKETS,
  registers: [registry],
});

const queries = new Histogram({
  name: 'filialportal_db_query_duration_seconds',
  help: 'Dauer der Datenbankabfragen samt Warten auf die Verbindung des Pools',
  buckets: QUERY_BUCKETS,
  registers: [registry],
});

const signInFailures = new Counter({
  name: 'filialportal_login_failures_total',
  help: 'Fehlgeschlagene Anmeldungen je Verfahren (password, passkey, sso, totp …)',
  labelNames: ['method'] as const,
  registers: [registry],
});

/** What one app contributes at scrape time. */
interface Source {
  pool: pg.Pool | null;
  live: LiveHub;
  background: { pending(): number };
  db: Db;
}
const sources = new Set<Source>();

new Gauge({
  name: 'filialportal_db_pool_connections',
  help: 'Verbindungen des Datenbank-Pools: offen (total), frei (idle), wartende Anfragen (waiting)',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    for (const { pool } of sources) {
      if (!pool) continue;
      total += pool.totalCount;
      idle += pool.idleCount;
      waiting += pool.waitingCount;
    }
    this.set({ state: 'total' }, total);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

new Gauge({
  name: 'filialportal_event_streams_open',
  help: 'Offene Event-Streams (GET /api/events) dieser Instanz',
  registers: [registry],
  collect() {
    this.set([...sources].reduce((sum, s) => sum + s.live.size(), 0));
  },
});

new Gauge({
  name: 'filialportal_background_jobs_pending',
  help: 'Arbeit nach der Antwort (Mails, Ankündigungen), die noch läuft oder wartet',
  registers: [registry],
  collect() {
    this.set([...sources].reduce((sum, s) => sum + s.background.pending(), 0));
  },
});

const OUTBOX_CHANNELS = ['push', 'mail'] as const;

new Gauge({
  name: 'filialportal_outbox_messages',
  help: 'Nachrichten im Ausgang (push, mail), noch nicht zugestellt; geteilt von allen Instanzen einer Datenbank',
  labelNames: ['channel'] as const,
  registers: [registry],
  async collect() {
    const backlog = await outboxBacklog();
    for (const channel of OUTBOX_CHANNELS) this.set({ channel }, backlog.get(channel)?.count ?? 0);
  },
});

new Gauge({
  name: 'filialportal_outbox_oldest_seconds',
  help: 'Alter der ältesten fälligen Nachricht im Ausgang (0: keine fällig)',
  labelNames: ['channel'] as const,
  registers: [registry],
  async collect() {
    const backlog = await outboxBacklog();
    for (const channel of OUTBOX_CHANNELS) this.set({ channel }, backlog.get(channel)?.oldestSeconds ?? 0);
  },
});

type Backlog = Map<string, { count: number; oldestSeconds: number }>;

/** One statement per scrape for both outbox gauges (both ask within the same scrape). */
let backlogRead: { at: number; result: Promise<Backlog> } | null = null;
function outboxBacklog(): Promise<Backlog> {
  const source = [...sources][0];
  if (!source) return Promise.resolve(new Map());
  if (backlogRead && Date.now() - backlogRead.at < 1_000) return backlogRead.result;
  const read = async (): Promise<Backlog> => {
    const result = await source.db.execute(
      sql`select channel, count(*)::int as count,
            coalesce(extract(epoch from now() - min(next_attempt_at) filter (where next_attempt_at <= now())), 0)::float8 as oldest
          from notification_outbox group by channel`,
    );
    const rows = (result as unknown as { rows: { channel: string; count: number; oldest: number }[] }).rows;
    return new Map(rows.map((r) => [r.channel, { count: r.count, oldestSeconds: r.oldest }]));
  };
  // A database that does not answer leaves the gauges at zero rather than failing the scrape.
  backlogRead = { at: Date.now(), result: read().catch(() => new Map()) };
  return backlogRead.result;
}

const timed = Symbol('metrics.timed');

/**
 * Times every query of the pool's connections: `query` of each client is wrapped once, when the
 * pool hands it out. A callback (pool.query uses one) ends the timer, a promise otherwise; streams
 * and cursors (submittables) pass untimed.
 */
function timeQueries(pool: pg.Pool) {
  pool.on('acquire', (client: pg.PoolClient & { [timed]?: true }) => {
    if (client[timed]) return;
    client[timed] = true;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0] as { submit?: unknown } | undefined;
      if (typeof first?.submit === 'function') return query(...args);
      const end = queries.startTimer();
      const last = args.at(-1);
      if (typeof last === 'function') {
        args[args.length - 1] = (...results: unknown[]) => {
          end();
          return (last as (...r: unknown[]) => unknown)(...results);
        };
        return query(...args);
      }
      const result = query(...args) as Promise<unknown>;
      result.then(
        () => end(),
        () => end(),
      );
      return result;
    };
  });
}

/** A failed sign-in, by its method (open-session.ts logs every attempt). */
export function countSignInFailure(method: string) {
  signInFailures.inc({ method });
}

/**
 * Adds an app to the metrics: its requests from now on, its pool, streams, background work and
 * outbox at each scrape. Removed again when the app closes.
 */
export function instrument(app: FastifyInstance, source: Omit<Source, 'pool'>) {
  const pool = (source.db as unknown as { $client?: pg.Pool }).$client ?? null;
  if (pool && typeof pool.on === 'function') timeQueries(pool);
  const entry: Source = { ...source, pool: pool && typeof pool.on === 'function' ? pool : null };
  sources.add(entry);
  app.addHook('onClose', async () => {
    sources.delete(entry);
  });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern, not the address: one series per route, whatever ids it is called with.
    const route = request.routeOptions.url ?? 'ohne Route';
    requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}

