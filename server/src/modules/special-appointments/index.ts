import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { specialAppointmentsRoutes } from './special-appointments.routes.ts';

export { specialAppointments } from './special-appointments.table.ts';

/** The special-appointments module: everything it serves under /api. */
export async function specialAppointmentsModule(app: FastifyInstance, deps: Deps) {
  await app.register(specialAppointmentsRoutes, deps);
}
