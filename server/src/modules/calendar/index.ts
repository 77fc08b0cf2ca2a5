import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { calendarRoutes } from './calendar.routes.ts';

export { calendarRights } from './calendar.service.ts';

/** The calendar module: everything it serves under /api. */
export async function calendarModule(app: FastifyInstance, deps: Deps) {
  await app.register(calendarRoutes, deps);
}
