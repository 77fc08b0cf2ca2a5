import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { listsRoutes } from './lists.routes.ts';

export { claimStatuses, colorLabels, manufacturers } from './lists.table.ts';

/** The lists module: everything it serves under /api. */
export async function listsModule(app: FastifyInstance, deps: Deps) {
  await app.register(listsRoutes, deps);
}
