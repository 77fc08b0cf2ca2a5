import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { trainingRoutes } from './trainings.routes.ts';

/** The trainings module: trainings and events, registrations, waiting list and ratings under /api. */
export async function trainingsModule(app: FastifyInstance, deps: Deps) {
  await app.register(trainingRoutes, deps);
}
