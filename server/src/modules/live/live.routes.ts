import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import type { LiveKind } from '../../platform/live.ts';

/** A comment line now and then keeps proxies and load balancers from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

/**
 * GET /api/events: server-sent events for the navigation counters. The stream ends by itself
 * after a few minutes (the browser opens the next one at once): connections spread again over
 * the instances after one was added or restarted, and every stream starts with a fresh check of
 * its session.
 */
export async function liveRoutes(app: FastifyInstance, deps: Deps) {
  const open = new Set<ServerResponse>();
  // A closing server waits for its connections (before onClose): the streams end first.
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });
  app.get('/events', {
    // Listening is no activity: an open tab must not keep its session from timing out.
    config: { access: 'authenticated', passive: true },
    schema: {
      tags: ['Zähler'],
      summary: 'Server-Sent Events: Ereignis „changed“ mit den Namen der Zähler (tasks, claims, trainings, advertising, news), die neu zu lesen sind',
    },
    handler: (req, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx would otherwise hold the events back in its buffer.
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      res.write('retry: 2000\nevent: ready\ndata: {}\n\n');
      const send = (kinds: readonly LiveKind[]) => res.write(`event: changed\ndata: ${JSON.stringify(kinds)}\n\n`);
      const unsubscribe = deps.live.subscribe(send);
      const heartbeat = setInterval(() => res.write(': \n\n'), HEARTBEAT_MS);
      // Spread the ends, so that the streams of a whole company do not come back in one second.
      const lifetime = deps.liveStreamMs * (0.8 + Math.random() * 0.4);
      const ending = setTimeout(() => res.end(), lifetime);
      const stop = () => {
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(ending);
      };
      open.add(res);
      res.on('close', () => {
        open.delete(res);
        stop();
      });
    },
  });
}
