import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';
import { usersRoutes } from './users.routes.ts';

/** The users module: everything it serves under /api. */
export async function usersModule(app: FastifyInstance, deps: Deps) {
  await app.register(usersRoutes, deps);
  await app.register(passwordResetRoutes, deps);
}
