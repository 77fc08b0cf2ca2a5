import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { teamsRoutes } from './teams.routes.ts';

export { accountKeysRefusal, mayAssign } from './account-keys.ts';
export { memberCountOf } from './teams.service.ts';
export { userGroups } from './teams.table.ts';

/** The teams module: everything it serves under /api. */
export async function teamsModule(app: FastifyInstance, deps: Deps) {
  await app.register(teamsRoutes, deps);
}
