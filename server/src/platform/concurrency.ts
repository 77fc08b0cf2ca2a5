import type { FastifyInstance } from 'fastify';

/**
 * Admits at most `limit` API requests to the database at a time; the others wait in arrival
 * order. PGlite runs every query on the server's own thread, one after the other: with 50
 * requests interleaving their queries, each waits for all the others' queries and some wait for
 * seconds. Admitting a few at a time lets each finish quickly, which raises throughput too.
 */
export function limitConcurrentRequests(app: FastifyInstance, limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  app.addHook('onRequest', async (req, reply) => {
    // Only calls that reach the database: the public ones (health, login page) never wait.
    if (!req.url.startsWith('/api/') || req.routeOptions.config?.access === 'public') return;
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    let released = false;
    reply.raw.once('close', () => {
      if (!released) {
        released = true;
        release();
      }
    });
  });
}
