import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { MSG } from '@filialportal/core/messages';
import { FILTER_FREE_ROLES, type RoleIdentifier } from '@filialportal/core/roles';
import { TASK_PAGE_SIZE, type TCreateTaskRequest } from '@filialportal/core/tasks';
import { can, type Actor } from '../../platform/access.ts';
import { inScope, scopeOf, type ScopeRule } from '../../platform/scope.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { prepared } from '../../platform/prepared.ts';
import { formatDate } from '../../platform/dates.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { inBatches } from '../../platform/exports.ts';
import { locations } from '../locations/index.ts';
import { userGroups } from '../teams/index.ts';
import { insertTask } from './linked-tasks.ts';
import { resolveTaskRecipients } from './recipients.ts';
import { notifyNewTask } from './task-notices.ts';
import { users } from '../users/index.ts';
import { taskAssignments, taskSubtasks, tasks } from './tasks.table.ts';

export type TaskView = '2' | '3';
export interface TaskListQuery {
  from: number;
  location: string;
  team: string;
  completed: boolean;
  view: TaskView;
}

const creator = alias(users, 'creator');
const recipient = alias(users, 'recipient');
const completer = alias(users, 'completer');
const fullName = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) => sql<string | null>`${u.firstName} || ' ' || ${u.lastName}`;
/**
 * The subtasks of a list row (spec 3 §3 Task: subtasks [name, completed]) from task_subtasks_task_idx;
 * `done` tells whether a subtask is completed: for a recipient, ticked in the own copy. The row's
 * subtaskCount is its length (one lookup per row, not two).
 */
const subtaskList = (done: SQL) =>
  sql<{ id: string; name: string; completed: boolean }[]>`(select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'completed', ${done}) order by s.position), '[]'::json)
    from ${taskSubtasks} s where s.task_id = ${tasks.id})`;
/** For the creator (view 3), as GET /subtasks: ticked by every recipient; stops at the first who has not. */
const subtasksDoneByAll = subtaskList(
  sql`(exists (select 1 from ${taskAssignments} a where a.task_id = ${tasks.id}) and not exists (select 1 from ${taskAssignments} a where a.task_id = ${tasks.id} and not (s.id = any(a.subtasks_done))))`,
);

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
  const { db } = deps;
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
  const [row] = await delegatedRows(db, actor, { taskId: id });
  return { task: row };
}

// ---------------------------------------------------------------------------------------------
// Lists.

/**
 * Whose tasks view 2 shows: the own ones; with aufgaben_alle_sehen those of the chosen location
 * and team, where only Admin, Verwaltung and Personalleitung choose freely and everyone else is
 * held to the own location and group (spec 3 §6).
 */
function ownViewScope(actor: Actor, location: string, team: string): SQL | undefined {
  if (!can(actor, 'aufgaben_alle_sehen')) return eq(taskAssignments.userId, actor.userId);
  const { loc, grp } = ownViewChoice(actor, location, team);
  return and(loc !== 'all' ? eq(recipient.locationId, loc) : undefined, grp !== 'all' ? eq(userGroups.name, grp) : undefined);
}

function ownViewChoice(actor: Actor, location: string, team: string) {
  const free = FILTER_FREE_ROLES.includes(actor.role as RoleIdentifier);
  return { loc: free ? location : actor.locationId, grp: free ? team : actor.role };
}

function ownViewFiltersRecipient(actor: Actor, location: string, team: string): boolean {
  if (!can(actor, 'aufgaben_alle_sehen')) return false;
  const { loc, grp } = ownViewChoice(actor, location, team);
  return loc !== 'all' || grp !== 'all';
}

/** The columns of a task every list shows. */
const taskColumns = {
  id: tasks.id,
  title: tasks.title,
  priority: tasks.priority,
  deadline: tasks.deadline,
  multiTask: tasks.multiTask,
  locked: tasks.locked,
  link: tasks.link,
  reference: tasks.reference,
  fromSystem: tasks.fromSystem,
  createdAt: tasks.createdAt,
  teams: tasks.teams,
  locations: tasks.locations,
  users: tasks.users,
};

function ownRowsQuery(db: Db, where: SQL | undefined) {
  return db
    .select({
      ...taskColumns,
      createdById: tasks.createdBy,
      createdByFullName: fullName(creator),
      completedAt: taskAssignments.completedAt,
      completedById: taskAssignments.completedBy,
      completedByFullName: fullName(completer),
      subtasksDone: taskAssignments.subtasksDone,
      subtasks: subtaskList(sql`s.id = any(${taskAssignments.subtasksDone})`),
      userId: taskAssignments.userId,
      userFullName: fullName(recipient),
      userLocation: locations.name,
    })
    .from(taskAssignments)
    .innerJoin(tasks, eq(tasks.id, taskAssignments.taskId))
    .innerJoin(recipient, eq(recipient.id, taskAssignments.userId))
    .innerJoin(userGroups, eq(userGroups.id, recipient.groupId))
    .innerJoin(locations, eq(locations.id, recipient.locationId))
    .leftJoin(creator, eq(creator.id, tasks.createdBy))
    .leftJoin(completer, eq(completer.id, taskAssignments.completedBy))
    .where(where);
}

type OwnRow = Awaited<ReturnType<typeof ownRowsQuery>>[number];

/** What both lists show of a task. */
type TaskRow = {
  id: string; title: string; priority: number; deadline: string; multiTask: boolean; locked: boolean; link: string; reference: string | null; fromSystem: boolean; createdAt: Date; createdByFullName: string | null;
  teams: string[]; locations: string[]; users: string[]; subtasks: { id: string; name: string; completed: boolean }[];
};

/** Who sent a task: the portal for its own tasks, the person, or 'Benutzer gelöscht' once the account is gone. */
const senderName = (r: Pick<TaskRow, 'fromSystem' | 'createdByFullName'>) => (r.fromSystem ? MSG.systemSender : (r.createdByFullName ?? MSG.deletedUser));

function taskFields(r: TaskRow) {
  return {
    id: r.id,
    title: r.title,
    priority: r.priority,
    deadline: r.deadline,
    deadlineFormated: formatDate(r.deadline),
    multiTask: r.multiTask,
    locked: r.locked,
    link: r.link,
    reference: r.reference,
    createdByFullName: senderName(r),
    createdAt: r.createdAt,
    createdAtFormated: formatDate(r.createdAt),
    teams: r.teams,
    locations: r.locations,
    users: r.users,
    subtasks: r.subtasks,
  };
}

function toOwnDto(r: OwnRow) {
  return {
    ...taskFields(r),
    createdById: r.createdById,
    completed: r.completedAt !== null,
    checked: r.completedAt !== null,
    completedAtFormated: formatDate(r.completedAt),
    completedByFullName: completerName(r.completedById, r.completedByFullName),
    subtaskCount: r.subtasks.length,
    subtasksDone: r.subtasksDone.length,
    userId: r.userId,
    userFullName: r.userFullName ?? MSG.deletedUser,
    userLocation: r.userLocation,
  };
}

const ownOrder = (completed: boolean) =>
  completed
    ? [desc(taskAssignments.completedAt), asc(taskAssignments.id)]
    : [asc(tasks.deadline), desc(tasks.priority), asc(taskAssignments.id)];

/** Who completed a task: '' when another area did (no person), 'Benutzer gelöscht' when that person is gone. */
const completerName = (id: string | null, name: string | null) => (id === null ? '' : (name ?? MSG.deletedUser));

/** Aggregated recipients of delegated tasks: how many, how many done. */
const recipientCount = sql<number>`(select count(*)::int from ${taskAssignments} where ${taskAssignments.taskId} = ${tasks.id})`;
const doneCount = sql<number>`(select count(*)::int from ${taskAssignments} where ${taskAssignments.taskId} = ${tasks.id} and ${taskAssignments.completedAt} is not null)`;
/**
 * Finished in view 3: a task 'für jeden einzeln' when every recipient is done; a shared one as soon
 * as anyone ticked it (one tick closes it for all, also for a recipient added afterwards).
 */
const finished = sql`(case when ${tasks.multiTask} then ${doneCount} = ${recipientCount} else ${doneCount} > 0 or ${recipientCount} = 0 end)`;
/** The latest completion of a task: when, and by whom (the completer's id and name). */
const latestCompletion = (column: SQL) =>
  sql`(select ${column} from ${taskAssignments} a left join ${users} u on u.id = a.completed_by
    where a.task_id = ${tasks.id} and a.completed_at is not null order by a.completed_at desc limit 1)`;
const lastCompletedAt = latestCompletion(sql`a.completed_at`).mapWith(taskAssignments.completedAt);
const lastCompletedBy = latestCompletion(sql`json_build_array(a.completed_by, u.first_name || ' ' || u.last_name)`).mapWith(
  (v: string | [string | null, string | null] | null) => (typeof v === 'string' ? (JSON.parse(v) as [string | null, string | null]) : v),
);

function delegatedFilter(actor: Actor, q: Partial<TaskListQuery> & { taskId?: string }): SQL | undefined {
  const matchRecipients =
    (q.location && q.location !== 'all') || (q.team && q.team !== 'all')
      ? sql`exists (select 1 from ${taskAssignments} a join ${users} u on u.id = a.user_id join ${userGroups} g on g.id = u.group_id
          where a.task_id = ${tasks.id}
          ${q.location && q.location !== 'all' ? sql`and u.location_id = ${q.location}::uuid` : sql``}
          ${q.team && q.team !== 'all' ? sql`and g.name = ${q.team}` : sql``})`
      : undefined;
  const state = q.completed === undefined ? undefined : q.completed ? finished : sql`not ${finished}`;
  return and(eq(tasks.createdBy, actor.userId), q.taskId ? eq(tasks.id, q.taskId) : undefined, matchRecipients, state);
}

function delegatedRows(db: Db, actor: Actor, q: Partial<TaskListQuery> & { taskId?: string }, page?: { limit: number; offset: number }) {
  const base = db
    .select({
      ...taskColumns,
      createdByFullName: fullName(creator),
      subtasks: subtasksDoneByAll,
      recipients: recipientCount,
      done: doneCount,
      lastCompletedAt,
      lastCompletedBy,
    })
    .from(tasks)
    .leftJoin(creator, eq(creator.id, tasks.createdBy))
    .where(delegatedFilter(actor, q))
    .orderBy(...(q.completed ? [desc(tasks.updatedAt), asc(tasks.id)] : [asc(tasks.deadline), desc(tasks.priority), asc(tasks.id)]));
  return (page ? base.limit(page.limit).offset(page.offset) : base).then((rows) =>
    rows.map((r) => {
      const completed = r.multiTask ? r.done === r.recipients : r.done > 0 || r.recipients === 0;
      const [byId, byName] = r.lastCompletedBy ?? [null, null];
      return {
        ...taskFields(r),
        subtaskCount: r.subtasks.length,
        recipients: r.recipients,
        done: r.done,
        completed,
        checked: completed,
        completedAtFormated: completed ? formatDate(r.lastCompletedAt) : '',
        completedByFullName: completed ? completerName(byId, byName) : '',
      };
    }),
  );
}

/** GET /task/list/{from}/{location}/{team}/{completed}?taskview */
export async function listTasks({ db }: ServiceDeps<'db'>, actor: Actor, q: TaskListQuery) {
  const page = { limit: TASK_PAGE_SIZE, offset: q.from };
  if (q.view === '3') {
    const [rows, [total]] = await Promise.all([
      delegatedRows(db, actor, q, page),
      db.select({ n: count() }).from(tasks).where(delegatedFilter(actor, q)),
    ]);
    return { tasks: rows, count: total?.n ?? 0 };
  }
  const where = and(ownViewScope(actor, q.location, q.team), q.completed ? isNotNull(taskAssignments.completedAt) : isNull(taskAssignments.completedAt));
  const [rows, [total]] = await Promise.all([
    ownRowsQuery(db, where).orderBy(...ownOrder(q.completed)).limit(page.limit).offset(page.offset),
    ownCountQuery(db, actor, q, where),
  ]);
  return { tasks: rows.map(toOwnDto), count: total?.n ?? 0 };
}

/**
 * The count of view 2 joins the recipient only when the filter names location or group: every
 * assignment has its task (a foreign key), so counting the open assignments of the whole company
 * is an index-only scan instead of a four-way join.
 */
function ownCountQuery(db: Db, actor: Actor, q: TaskListQuery, where: SQL | undefined) {
  const base = db.select({ n: count() }).from(taskAssignments);
  if (!ownViewFiltersRecipient(actor, q.location, q.team)) return base.where(where);
  return base.innerJoin(recipient, eq(recipient.id, taskAssignments.userId)).innerJoin(userGroups, eq(userGroups.id, recipient.groupId)).where(where);
}

/** Rows of POST /export-tasks: the same selection as the list, without paging. */
export function taskExportRows({ db }: ServiceDeps<'db'>, actor: Actor, q: Omit<TaskListQuery, 'from'>) {
  if (q.view === '3') return inBatches((limit, offset) => delegatedRows(db, actor, q, { limit, offset }));
  const where = and(ownViewScope(actor, q.location, q.team), q.completed ? isNotNull(taskAssignments.completedAt) : isNull(taskAssignments.completedAt));
  return inBatches(async (limit, offset) => (await ownRowsQuery(db, where).orderBy(...ownOrder(q.completed)).limit(limit).offset(offset)).map(toOwnDto));
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
  const [row] = await ownRowsQuery(db, eq(taskAssignments.id, assignment.id));
  return { task: toOwnDto(row!) };
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
