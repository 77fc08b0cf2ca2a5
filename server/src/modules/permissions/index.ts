import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { permissionsRoutes } from './permissions.routes.ts';

/** The permissions module: everything it serves under /api. */
export async function permissionsModule(app: FastifyInstance, deps: Deps) {
  await app.register(permissionsRoutes, deps);
}
