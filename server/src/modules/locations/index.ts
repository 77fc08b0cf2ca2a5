import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { locationsRoutes } from './locations.routes.ts';

export { allowedIps, ipAllowed, locationInUse, locationsByIds } from './locations.service.ts';
export { locations } from './locations.table.ts';

/** The locations module: everything it serves under /api. */
export async function locationsModule(app: FastifyInstance, deps: Deps) {
  await app.register(locationsRoutes, deps);
}
