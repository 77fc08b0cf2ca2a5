import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { sessionRoutes } from './session.routes.ts';

/** The session module: everything it serves under /api. */
export async function sessionModule(app: FastifyInstance, deps: Deps) {
  await app.register(sessionRoutes, deps);
}
