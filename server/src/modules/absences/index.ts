import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { absencesRoutes } from './absences.routes.ts';
import { sickReportsRoutes } from './sick-reports.routes.ts';
import { holidaysRoutes } from './holidays.routes.ts';

/** The absences module: everything it serves under /api. */
export async function absencesModule(app: FastifyInstance, deps: Deps) {
  await app.register(absencesRoutes, deps);
  await app.register(sickReportsRoutes, deps);
  await app.register(holidaysRoutes, deps);
}
