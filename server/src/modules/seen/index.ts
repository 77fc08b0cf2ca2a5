import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { seenRoutes } from './seen.routes.ts';

/** Seen markers: when a person last looked at a page with a navigation counter. */
export async function seenModule(app: FastifyInstance, deps: Deps) {
  await app.register(seenRoutes, deps);
}
