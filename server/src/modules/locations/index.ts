import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { locationsRoutes } from './locations.routes.ts';

export { locationInUse } from './locations.service.ts';

/** The locations module: everything it serves under /api. */
export async function locationsModule(app: FastifyInstance, deps: Deps) {
  await app.register(locationsRoutes, deps);
}
