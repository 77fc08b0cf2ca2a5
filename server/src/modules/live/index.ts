import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { liveRoutes } from './live.routes.ts';

/** Live counters: changes pushed to the browsers by server-sent events. */
export async function liveModule(app: FastifyInstance, deps: Deps) {
  await app.register(liveRoutes, deps);
}
