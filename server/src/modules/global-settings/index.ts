import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { globalSettingsRoutes } from './global-settings.routes.ts';

export { globalSettings } from './global-settings.table.ts';

/** The global-settings module: everything it serves under /api. */
export async function globalSettingsModule(app: FastifyInstance, deps: Deps) {
  await app.register(globalSettingsRoutes, deps);
}
