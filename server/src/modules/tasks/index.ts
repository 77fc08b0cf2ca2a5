import type { FastifyInstance } from 'fastify';
import { tasksErasure } from './tasks-erasure.ts';
import type { Deps } from '../../platform/deps.ts';
import { notifyTasksDueTomorrow, TASKS_DUE_INTERVAL_MS } from './task-notices.ts';
import { tasksRoutes } from './tasks.routes.ts';

export {
  addLinkedTaskRecipient,
  completeLinkedTasks,
  completeLinkedTasksFor,
  createLinkedTask,
  deleteLinkedTasks,
  deleteLinkedTasksCte,
  deleteLinkedTasksIn,
  handOverOpenTasks,
  linkedTaskExists,
  linkedTaskCtes,
  removeLinkedTaskRecipient,
} from './linked-tasks.ts';
export { notifyTasksDueTomorrow };
export { taskSearch } from './tasks-search.ts';

/** The tasks module: everything it serves under /api. */
export async function tasksModule(app: FastifyInstance, deps: Deps) {
  deps.erasure.add(tasksErasure);
  await app.register(tasksRoutes, deps);
  deps.scheduler.every('Fällige Aufgaben melden', TASKS_DUE_INTERVAL_MS, () => notifyTasksDueTomorrow(deps));
}
