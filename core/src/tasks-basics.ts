/**
 * The plain values of tasks: the views, priorities, the completion delay, the page size.
 * Without schemas, so the web app's always-loaded code (navigation, counters, dashboard) reads
 * them without loading zod; `tasks.ts` exports them with its schemas.
 */

/** Task views of the spec: 2 own tasks ('Eigene Aufgaben'), 3 delegated ('Delegierte Aufgaben'). */
export const TASK_VIEWS = { own: '2', delegated: '3' } as const;

/** Priorities: 1 niedrig, 2 normal, 3 hoch. */
export const TASK_PRIORITIES = [
  { value: 1, label: 'Niedrig' },
  { value: 2, label: 'Normal' },
  { value: 3, label: 'Hoch' },
] as const;

/** Delay between ticking a task and completing it (spec 3 §9). */
export const TASK_COMPLETION_DELAY_MS = 2000;
/** Tasks per 'load more' step. */
export const TASK_PAGE_SIZE = 20;
