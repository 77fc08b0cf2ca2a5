import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { ZHealthResponse, ZReadyResponse } from '@filialportal/core/health';
import { MSG } from '@filialportal/core/messages';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { metricsGate } from '../../platform/metrics-access.ts';
import { registry } from '../../platform/metrics.ts';

/** How long the readiness check waits for the database's answer. */
const READY_QUERY_MS = 2_000;

/** Probes at the same moment share one statement: fifty at once cost the database one `select 1`. */
function databaseCheck(deps: Deps): () => Promise<boolean> {
  let running: Promise<boolean> | null = null;
  const probe = async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), READY_QUERY_MS)));
    try {
      return await Promise.race([deps.db.execute(sql`select 1`).then(() => true, () => false), late]);
    } finally {
      clearTimeout(timer);
    }
  };
  return () => {
    if (!deps.databaseAvailable()) return Promise.resolve(false);
    running ??= probe().finally(() => (running = null));
    return running;
  };
}

export async function healthRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/health', {
    config: { access: 'public' },
    schema: { tags: ['Betrieb'], summary: 'Lebenszeichen für Load Balancer (503, solange die Datenbank nicht antwortet)', response: { 200: ZHealthResponse } },
    handler: async () => {
      if (!deps.databaseAvailable()) throw new AppError(503, 'database_unavailable', MSG.databaseUnavailable);
      return { status: 'ok' as const };
    },
  });

  // Only with METRICS_TOKEN as bearer or from METRICS_ALLOW: the figures tell about the company's work.
  const mayReadMetrics = metricsGate(deps.config.metrics);
  app.get('/metrics', {
    config: { access: 'public' },
    schema: { tags: ['Betrieb'], summary: 'Kennzahlen im Textformat von Prometheus (nur mit METRICS_TOKEN oder von einer Adresse aus METRICS_ALLOW, sonst 403)' },
    handler: async (request, reply) => {
      if (!mayReadMetrics(request.ip, request.headers.authorization)) throw new AppError(403, 'forbidden', MSG.notAllowed);
      reply.header('cache-control', 'no-store').type(registry.contentType);
      return registry.metrics();
    },
  });

  const databaseAnswers = databaseCheck(deps);
  app.get('/ready', {
    config: { access: 'public' },
    schema: {
      tags: ['Betrieb'],
      summary: 'Bereitschaft: 200, wenn die Datenbank antwortet; 503 beim Starten, beim Beenden (SIGTERM) und ohne Datenbank',
      response: { 200: ZReadyResponse },
    },
    handler: async (_request, reply) => {
      // Never from a cache: a balancer must see the state of this moment.
      reply.header('cache-control', 'no-store');
      const { state } = deps.readiness;
      if (state !== 'ready') throw new AppError(503, state === 'draining' ? 'server_stopping' : 'server_starting', state === 'draining' ? MSG.serverStopping : MSG.serverStarting);
      if (!(await databaseAnswers())) throw new AppError(503, 'database_unavailable', MSG.databaseUnavailable);
      return { status: 'ready' as const };
    },
  });
}
