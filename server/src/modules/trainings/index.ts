import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { openRatingTasks, RATING_TASKS_INTERVAL_MS } from './rating-tasks.ts';
import { trainingRoutes } from './trainings.routes.ts';

export { trainingRegistrations, trainings } from './trainings.table.ts';
export { trainingSearch } from './trainings-search.ts';

/** The trainings module: trainings and events, registrations, waiting list and ratings under /api. */
export async function trainingsModule(app: FastifyInstance, deps: Deps) {
  await app.register(trainingRoutes, deps);
  deps.scheduler.every('Bewertungsaufgaben', RATING_TASKS_INTERVAL_MS, async () => {
    if ((await openRatingTasks(deps)) > 0) deps.live.publish(['tasks']);
  });
}
