import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { healthRoutes } from './health.routes.ts';

/** The health module: everything it serves under /api. */
export async function healthModule(app: FastifyInstance, deps: Deps) {
  await app.register(healthRoutes, deps);
}
