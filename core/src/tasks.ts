import { z } from './zod.ts';
import { zId } from './ids.ts';
import { zIsoDate, zTimestamp } from './dates.ts';
import { MSG } from './messages.ts';

export * from './tasks-basics.ts';

const isoDate = zIsoDate(MSG.taskDateRequired);
const unique = (list: string[]) => [...new Set(list)];

/** The longest title of a task and of a subtask. */
export const TASK_TITLE_MAX = 200;

/**
 * POST /task (spec 3 §7): title, deadline, priority, recipients by teams (group names),
 * locations and users, multiTask and subtasks. multiTask: every recipient completes an own copy;
 * otherwise the task is shared and done as soon as one recipient completes it.
 */
export const ZCreateTaskRequest = z
  .object({
    title: z.string({ error: MSG.taskTitleRequired }).trim().min(1, MSG.taskTitleRequired).max(TASK_TITLE_MAX, MSG.taskTitleTooLong),
    deadline: isoDate,
    priority: z.coerce.number().int().min(1).max(3).optional().default(2),
    multiTask: z.boolean().optional().default(false),
    // A selection names each group, location and person once, however often the client sent it.
    teams: z.array(z.string().max(100)).max(50).optional().default([]).transform(unique),
    locations: z.array(zId()).max(200).optional().default([]).transform(unique),
    users: z.array(zId()).max(5000).optional().default([]).transform(unique),
    subtasks: z
      .array(z.object({ name: z.string().trim().min(1, MSG.subtaskNameRequired).max(TASK_TITLE_MAX, MSG.taskTitleTooLong) }))
      .max(50)
      .optional()
      .default([]),
    /** Sent by the spec's client; a new task is never completed. */
    completed: z.boolean().optional(),
    checked: z.boolean().optional(),
  })
  .refine((t) => t.teams.length + t.locations.length + t.users.length > 0, {
    message: MSG.taskRecipientsRequired,
    path: ['users'],
    // Also beside a missing title or date (a form names every problem at once); not when the
    // recipient lists themselves are malformed.
    when: (payload) =>
      typeof payload.value === 'object' && payload.value !== null && !payload.issues.some((i) => !i.path?.length || ['teams', 'locations', 'users'].includes(String(i.path[0]))),
  });
export type TCreateTaskRequest = z.output<typeof ZCreateTaskRequest>;

/** PUT /task/{id}: `{ task: { completed } }`. */
export const ZUpdateTaskRequest = z.object({ task: z.object({ completed: z.boolean() }) });

/** PUT /subtasks/{id}/{subtaskId}: the person ticks or unticks one subtask. */
export const ZSubtaskRequest = z.object({ completed: z.boolean() });

/** Fields of a task both views show. */
export const ZTaskBase = z.object({
  id: z.string(),
  title: z.string(),
  /** 1 Niedrig, 2 Normal, 3 Hoch. */
  priority: z.number(),
  /** YYYY-MM-DD */
  deadline: z.string(),
  deadlineFormated: z.string(),
  /** Every recipient completes an own copy ('Für jeden einzeln'); otherwise one shared task. */
  multiTask: z.boolean(),
  /** Completed by another area (e.g. an absence request), never by hand. */
  locked: z.boolean(),
  /** An app path such as '/urlaub/1', or ''. */
  link: z.string(),
  reference: z.string().nullable(),
  createdByFullName: z.string(),
  createdAt: zTimestamp(),
  createdAtFormated: z.string(),
  completed: z.boolean(),
  checked: z.boolean(),
  /** DD.MM.YYYY (Berlin) of the completion, '' while open; of a delegated task the last one. */
  completedAtFormated: z.string(),
  /** Who ticked it ('Vorname Nachname'), '' while open or when another area completed it. */
  completedByFullName: z.string(),
  subtaskCount: z.number(),
  /** The selection as the creator chose it (spec 3 §3 Task): group names, location ids, user ids. */
  teams: z.array(z.string()),
  locations: z.array(z.string()),
  users: z.array(z.string()),
  /** In order; `completed`: ticked in the own copy, or in view 3 by every recipient. */
  subtasks: z.array(z.object({ id: z.string(), name: z.string(), completed: z.boolean() })),
});

const ownFields = {
  createdById: z.string().nullable(),
  /** Subtasks this recipient has ticked. */
  subtasksDone: z.number(),
  userId: z.string(),
  userFullName: z.string(),
  userLocation: z.string(),
};
const delegatedFields = { recipients: z.number(), done: z.number() };

/** A row of view 2: one recipient's copy of a task (PUT /task/{id} answers with it). */
export const ZOwnTask = ZTaskBase.extend(ownFields);

/** A row of view 3: a task the user created, with the recipients' progress (POST /task answers with it). */
export const ZDelegatedTask = ZTaskBase.extend(delegatedFields);

/** What view 3 needs of a task to tell its progress. */
export type TaskProgressFields = Pick<z.input<typeof ZDelegatedTask>, 'multiTask' | 'recipients' | 'done' | 'completed' | 'completedByFullName' | 'completedAtFormated'>;

/**
 * The progress of a delegated task as view 3 shows it. 'Für jeden einzeln': how many of the
 * recipients are done ('2 von 5 erledigt'). A shared task ('Gemeinsame Aufgabe') is closed for all
 * by one tick, so counting recipients would mislead ('0 von 8 erledigt' once closed): it is open,
 * or done by one person ('Erledigt von Tina Testerin am 23.11.2026').
 */
export function taskProgress(t: TaskProgressFields): { label: string; percent: number } {
  const n = (v: number) => v.toLocaleString('de-DE');
  if (t.multiTask) {
    return { label: `${n(t.done)} von ${n(t.recipients)} erledigt`, percent: t.recipients ? Math.round((t.done / t.recipients) * 100) : 0 };
  }
  if (!t.completed) return { label: `Offen · ${n(t.recipients)} Empfänger`, percent: 0 };
  const by = t.completedByFullName ? ` von ${t.completedByFullName}` : '';
  const at = t.completedAtFormated ? ` am ${t.completedAtFormated}` : '';
  return { label: `Erledigt${by}${at}`, percent: 100 };
}

/**
 * A row of the task list: own (view 2) or delegated (view 3). One object with the fields of both
 * as optional rather than a union, so the answer is written without trying each branch.
 */
export const ZTaskRow = ZTaskBase.extend({
  ...Object.fromEntries(Object.entries(ownFields).map(([k, v]) => [k, v.optional()])),
  ...Object.fromEntries(Object.entries(delegatedFields).map(([k, v]) => [k, v.optional()])),
} as { [K in keyof typeof ownFields]: z.ZodOptional<(typeof ownFields)[K]> } & { [K in keyof typeof delegatedFields]: z.ZodOptional<(typeof delegatedFields)[K]> });

/** GET /task/list/{from}/{location}/{team}/{completed}. */
export const ZTaskListResponse = z.object({ tasks: z.array(ZTaskRow), count: z.number() });

/** GET /task/count. */
export const ZTaskCountResponse = z.object({ unfinished: z.number() });

/** POST /task: the new task as its creator sees it. */
export const ZCreatedTaskResponse = z.object({ task: ZDelegatedTask });

/** PUT /task/{id}: the own copy, completed or reopened. */
export const ZOwnTaskResponse = z.object({ task: ZOwnTask });

/** GET /subtasks/{id}, PUT /subtasks/{id}/{subtaskId}: with the asking user's state. */
export const ZSubtaskListResponse = z.object({ subtasks: z.array(z.object({ id: z.string(), name: z.string(), completed: z.boolean() })) });
