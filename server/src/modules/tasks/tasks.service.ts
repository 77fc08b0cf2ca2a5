import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { type TCreateTaskRequest } from '@filialportal/core/tasks';
import { type Actor } from '../../platform/access.ts';
import { inScope, scopeOf, type ScopeRule } from '../../platform/scope.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { prepared } from '../../platform/prepared.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { insertTask } from './linked-tasks.ts';
import { resolveTaskRecipients } from './recipients.ts';
import { notifyNewTask } from './task-notices.ts';
import { delegatedTask, ownTask } from './tasks-list.ts';
import { taskAssignments, taskSubtasks, tasks } from './tasks.table.ts';

// ---------------------------------------------------------------------------------------------
// Creating tasks: by people (POST /task) and by other modules (linked tasks).

/**
 * Whom a person may give tasks to: with aufgaben_an_alle_stellen anyone; with
 * aufgaben_an_mitarbeiter_aus_eigenen_filiale_stellen (the route's other permission) only people
 * of the own location.
 */
const ADDRESSEES: ScopeRule = { all: 'aufgaben_an_alle_stellen', ownLocation: true };

/** POST /task. */
export async function createTask(deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>, actor: Actor, input: TCreateTaskRequest) {
  const scope = scopeOf(actor, ADDRESSEES);
  if (input.locations.some((locationId) => !inScope(scope, { locationId }))) throw forbidden(MSG.taskOwnBranchOnly);
  // An own-branch delegator addressing teams addresses them in his location only.
  const sel = scope.kind === 'locations' && input.teams.length ? { ...input, locations: [...scope.locations] } : input;
  const { ids, outside } = await resolveTaskRecipients(deps, { ...sel, scope });
  if (outside) throw forbidden(MSG.taskOwnBranchOnly);
  if (ids.length === 0) throw badRequest(MSG.taskNoRecipients, 'no_recipients');
  const id = await insertTask(deps, {
    title: input.title,
    deadline: input.deadline,
    priority: input.priority,
    multiTask: input.multiTask,
    createdBy: actor.userId,
    teams: input.teams,
    locations: sel.locations,
    users: input.users,
    subtasks: input.subtasks.map((s) => s.name),
    recipients: ids,
  });
  await notifyNewTask(deps, actor, { id, title: input.title, deadline: input.deadline, recipients: ids });
  return { task: await delegatedTask(deps, actor, id) };
}

/** The own unfinished tasks: the counter beside 'Aufgaben' in the navigation. */
const unfinishedOf = prepared((db) =>
  db
    .select({ n: count() })
    .from(taskAssignments)
    .where(and(eq(taskAssignments.userId, sql.placeholder('userId')), isNull(taskAssignments.completedAt)))
    .prepare('tasks_unfinished'),
);

export async function countUnfinished({ db }: ServiceDeps<'db'>, actor: Actor) {
  const [row] = await unfinishedOf(db).execute({ userId: actor.userId });
  return { unfinished: row?.n ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// Completing, subtasks, deleting.

async function ownAssignment(db: Db, actor: Actor, taskId: string) {
  const [row] = await db
    .select({ assignment: taskAssignments, task: tasks })
    .from(taskAssignments)
    .innerJoin(tasks, eq(tasks.id, taskAssignments.taskId))
    .where(and(eq(taskAssignments.taskId, taskId), eq(taskAssignments.userId, actor.userId)));
  // Someone else's task does not exist for this user.
  if (!row) throw notFound();
  return row;
}

/** PUT /task/{id}: completes (or reopens) the actor's task; a shared task for all recipients. */
export async function setCompleted({ db }: ServiceDeps<'db'>, actor: Actor, { taskId, completed }: { taskId: string; completed: boolean }) {
  const { assignment, task } = await ownAssignment(db, actor, taskId);
  if (task.locked) throw forbidden(MSG.taskLocked);
  await db
    .update(taskAssignments)
    .set(completed ? { completedAt: new Date(), completedBy: actor.userId } : { completedAt: null, completedBy: null })
    .where(task.multiTask ? eq(taskAssignments.id, assignment.id) : eq(taskAssignments.taskId, taskId));
  return { task: await ownTask({ db }, actor, assignment.id) };
}

/** GET /subtasks/{id}: the subtasks with the actor's state (the creator: done by all). */
export async function listSubtasks({ db }: ServiceDeps<'db'>, actor: Actor, taskId: string) {
  const [task] = await db.select().from(tasks).where(eq(tasks.id, taskId));
  if (!task) throw notFound();
  const mine = await db
    .select({ done: taskAssignments.subtasksDone })
    .from(taskAssignments)
    .where(and(eq(taskAssignments.taskId, taskId), eq(taskAssignments.userId, actor.userId)));
  if (!mine.length && task.createdBy !== actor.userId) throw notFound();
  const subtasks = await db.select().from(taskSubtasks).where(eq(taskSubtasks.taskId, taskId)).orderBy(asc(taskSubtasks.position));
  let doneBy: (id: string) => boolean;
  if (mine.length) {
    const done = new Set(mine[0]!.done);
    doneBy = (id) => done.has(id);
  } else {
    const all = await db.select({ done: taskAssignments.subtasksDone }).from(taskAssignments).where(eq(taskAssignments.taskId, taskId));
    doneBy = (id) => all.length > 0 && all.every((a) => a.done.includes(id));
  }
  return { subtasks: subtasks.map((s) => ({ id: s.id, name: s.name, completed: doneBy(s.id) })) };
}

/** PUT /subtasks/{taskId}/{subtaskId}: ticks one subtask (for everyone on a shared task). */
export async function setSubtask(deps: ServiceDeps<'db'>, actor: Actor, { taskId, subtaskId, completed }: { taskId: string; subtaskId: string; completed: boolean }) {
  const { db } = deps;
  const { assignment, task } = await ownAssignment(db, actor, taskId);
  if (task.locked) throw forbidden(MSG.taskLocked);
  const [sub] = await db.select({ id: taskSubtasks.id }).from(taskSubtasks).where(and(eq(taskSubtasks.id, subtaskId), eq(taskSubtasks.taskId, taskId)));
  if (!sub) throw notFound();
  const set = completed
    ? sql`array(select distinct unnest(array_append(${taskAssignments.subtasksDone}, ${subtaskId}::uuid)))`
    : sql`array_remove(${taskAssignments.subtasksDone}, ${subtaskId}::uuid)`;
  await db
    .update(taskAssignments)
    .set({ subtasksDone: set })
    .where(task.multiTask ? eq(taskAssignments.id, assignment.id) : eq(taskAssignments.taskId, taskId));
  return listSubtasks(deps, actor, taskId);
}

/** DELETE /task/{id}: by its creator; linked (locked) tasks belong to their module. */
export async function deleteTask({ db }: ServiceDeps<'db'>, actor: Actor, taskId: string) {
  const [task] = await db.select().from(tasks).where(eq(tasks.id, taskId));
  const recipientOf = task
    ? (await db.select({ id: taskAssignments.id }).from(taskAssignments).where(and(eq(taskAssignments.taskId, taskId), eq(taskAssignments.userId, actor.userId)))).length > 0
    : false;
  if (!task || (task.createdBy !== actor.userId && !recipientOf)) throw notFound();
  if (task.createdBy !== actor.userId || task.locked) throw forbidden();
  await db.delete(tasks).where(eq(tasks.id, taskId));
}
