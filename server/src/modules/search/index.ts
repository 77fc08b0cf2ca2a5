import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { searchRoutes } from './search.routes.ts';

/** The portal search: one endpoint over the groups of all modules, each by its own scope. */
export async function searchModule(app: FastifyInstance, deps: Deps) {
  await app.register(searchRoutes, deps);
}
