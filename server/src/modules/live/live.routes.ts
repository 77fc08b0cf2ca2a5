import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@filialportal/core/messages';
import { actorOf } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { LiveKind } from '../../platform/live.ts';

/** A comment line now and then keeps proxies and load balancers from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** Streams one person may hold open on one instance: a tab each, with room for many tabs and devices. */
export const MAX_STREAMS_PER_USER = 20;

/**
 * GET /api/events: server-sent events for the navigation counters. The stream ends by itself
 * after a few minutes (the browser opens the next one at once): connections spread again over
 * the instances after one was added or restarted, and every stream starts with a fresh check of
 * its session.
 */
export async function liveRoutes(app: FastifyInstance, deps: Deps) {
  const open = new Set<ServerResponse>();
  const perUser = new Map<string, number>();
  // A closing server waits for its connections (before onClose): the streams end first.
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });
  app.get('/events', {
    // Listening is no activity: an open tab must not keep its session from timing out.
    config: { access: 'authenticated', passive: true },
    schema: {
      tags: ['Zähler'],
      summary: 'Server-Sent Events: Ereignis „changed“ mit den Namen der Zähler (tasks, claims, trainings, advertising, news, notifications), die neu zu lesen sind',
    },
    handler: (req, reply) => {
      // Each stream holds a connection: a session must not be able to open them without end.
      const { userId } = actorOf(req);
      const held = perUser.get(userId) ?? 0;
      if (held >= MAX_STREAMS_PER_USER) throw new AppError(429, 'too_many_streams', MSG.tooManyRequests);
      perUser.set(userId, held + 1);
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
      const unsubscribe = deps.live.subscribe(send, userId);
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
        const left = (perUser.get(userId) ?? 1) - 1;
        if (left > 0) perUser.set(userId, left);
        else perUser.delete(userId);
        stop();
      });
    },
  });
}
