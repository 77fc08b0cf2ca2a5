/** The task lists: view 2 (own tasks, or with aufgaben_alle_sehen those of a location and group), view 3 (delegated). */
import { and, asc, count, desc, eq, isNotNull, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { MSG } from '@filialportal/core/messages';
import { FILTER_FREE_ROLES, type RoleIdentifier } from '@filialportal/core/roles';
import { TASK_PAGE_SIZE } from '@filialportal/core/tasks';
import { can, type Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { formatDate } from '../../platform/dates.ts';
import { inBatches } from '../../platform/exports.ts';
import { pageSize } from '../../platform/paging.ts';
import { builtPerActor, named } from '../../platform/prepared.ts';
import { locations } from '../locations/index.ts';
import { userGroups } from '../teams/index.ts';
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


/**
 * Which recipients view 2 holds to: the own assignments; with aufgaben_alle_sehen those of the
 * chosen location and group (null: all), where only Admin, Verwaltung and Personalleitung choose
 * freely and everyone else is held to the own location and group (spec 3 §6).
 */
function ownChoice(actor: Actor, location: string, team: string) {
  if (!can(actor, 'aufgaben_alle_sehen')) return { location: null, team: null };
  const free = FILTER_FREE_ROLES.includes(actor.role as RoleIdentifier);
  const [loc, grp] = free ? [location, team] : [actor.locationId, actor.role];
  return { location: loc !== 'all' ? loc : null, team: grp !== 'all' ? grp : null };
}

/** Which filters a list request sets: one statement per person and shape. */
interface ListShape {
  view: TaskView;
  completed: boolean;
  /** The first page, the one nearly every request asks for, has no offset in its text (see listParts). */
  first: boolean;
  location: boolean;
  team: boolean;
}
type ListValues = { from: unknown; location: unknown; team: unknown };
const placeholders: Record<keyof ListValues, Placeholder> = { from: sql.placeholder('from'), location: sql.placeholder('location'), team: sql.placeholder('team') };

/** The request's shape and values: view 2's filters as ownChoice settles them, view 3's as asked. */
function shapeOf(actor: Actor, q: Omit<TaskListQuery, 'from'> & { from?: number }): { shape: ListShape; values: Omit<ListValues, 'from'> } {
  const c = q.view === '3' ? { location: q.location !== 'all' ? q.location : null, team: q.team !== 'all' ? q.team : null } : ownChoice(actor, q.location, q.team);
  return { shape: { view: q.view, completed: q.completed, first: !q.from, location: c.location !== null, team: c.team !== null }, values: { location: c.location, team: c.team } };
}

/** View 2's filter: the own assignments, or the chosen recipients; open or completed. */
function ownWhere(actor: Actor, shape: ListShape, v: ListValues): SQL | undefined {
  const own = !can(actor, 'aufgaben_alle_sehen');
  return and(
    own ? eq(taskAssignments.userId, actor.userId) : undefined,
    shape.location ? sql`${recipient.locationId} = ${v.location}::uuid` : undefined,
    shape.team ? sql`${userGroups.name} = ${v.team}` : undefined,
    shape.completed ? isNotNull(taskAssignments.completedAt) : isNull(taskAssignments.completedAt),
  );
}

/**
 * The count of view 2 joins the recipient only when the filter names location or group: every
 * assignment has its task (a foreign key), so counting the open assignments of the whole company
 * is an index-only scan instead of a four-way join.
 */
function ownCountQuery(db: Db, shape: ListShape, where: SQL | undefined) {
  const base = db.select({ n: count() }).from(taskAssignments);
  if (!shape.location && !shape.team) return base.where(where);
  return base.innerJoin(recipient, eq(recipient.id, taskAssignments.userId)).innerJoin(userGroups, eq(userGroups.id, recipient.groupId)).where(where);
}

/** View 3's filter: the actor's tasks, those with a recipient of the location and group, open or finished. */
function delegatedWhere(actor: Actor, shape: Partial<ListShape>, v: Partial<ListValues> & { taskId?: string }): SQL | undefined {
  const matchRecipients =
    shape.location || shape.team
      ? sql`exists (select 1 from ${taskAssignments} a join ${users} u on u.id = a.user_id join ${userGroups} g on g.id = u.group_id
          where a.task_id = ${tasks.id}
          ${shape.location ? sql`and u.location_id = ${v.location}::uuid` : sql``}
          ${shape.team ? sql`and g.name = ${v.team}` : sql``})`
      : undefined;
  const state = shape.completed === undefined ? undefined : shape.completed ? finished : sql`not ${finished}`;
  return and(eq(tasks.createdBy, actor.userId), v.taskId ? eq(tasks.id, v.taskId) : undefined, matchRecipients, state);
}

function delegatedQuery(db: Db, where: SQL | undefined, completed: boolean | undefined) {
  return db
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
    .where(where)
    .orderBy(...(completed ? [desc(tasks.updatedAt), asc(tasks.id)] : [asc(tasks.deadline), desc(tasks.priority), asc(tasks.id)]));
}

type DelegatedRow = Awaited<ReturnType<typeof delegatedQuery>>[number];

function toDelegatedDto(r: DelegatedRow) {
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
}

/** One assignment as view 2 shows it (the answer of PUT /task/{id}). */
export async function ownTask({ db }: ServiceDeps<'db'>, _actor: Actor, assignmentId: string) {
  const [row] = await ownRowsQuery(db, eq(taskAssignments.id, assignmentId));
  return toOwnDto(row!);
}

/** One delegated task as view 3 shows it (the answer of POST /task). */
export async function delegatedTask({ db }: ServiceDeps<'db'>, actor: Actor, taskId: string) {
  const [row] = await delegatedQuery(db, delegatedWhere(actor, {}, { taskId }), undefined);
  return row && toDelegatedDto(row);
}

/**
 * A page of a view and its count, each built once per person and shape and prepared by name, the
 * page size in the text: the lists join up to seven tables, and planning that join anew cost more
 * than running it. With `offset $n` the planner guesses a tenth of the matches are skipped and
 * keeps planning each request for its value instead of reusing one plan; the first page has no
 * offset, later pages (rare) keep that cost. The count goes beside the page, not into it: view 3
 * asks each task's assignments whether it is finished, and one statement would read them twice.
 */
function listParts(db: Db, actor: Actor, shape: ListShape, v: ListValues) {
  const offset = shape.first ? pageSize(0) : (v.from as number);
  if (shape.view === '3') {
    const where = delegatedWhere(actor, shape, v);
    return { own: null, delegated: delegatedQuery(db, where, shape.completed).limit(pageSize(TASK_PAGE_SIZE)).offset(offset), count: db.select({ n: count() }).from(tasks).where(where) };
  }
  const where = ownWhere(actor, shape, v);
  return { own: ownRowsQuery(db, where).orderBy(...ownOrder(shape.completed)).limit(pageSize(TASK_PAGE_SIZE)).offset(offset), delegated: null, count: ownCountQuery(db, shape, where) };
}

type Parts = ReturnType<typeof listParts>;
type PreparedOf<K extends keyof Parts> = ReturnType<NonNullable<Parts[K]>['prepare']>;
const ownPages = builtPerActor<PreparedOf<'own'>>();
const delegatedPages = builtPerActor<PreparedOf<'delegated'>>();
const counts = builtPerActor<PreparedOf<'count'>>();

/** GET /task/list/{from}/{location}/{team}/{completed}?taskview */
export async function listTasks({ db }: ServiceDeps<'db'>, actor: Actor, q: TaskListQuery) {
  const { shape, values } = shapeOf(actor, q);
  const v = { ...values, from: q.from };
  const parts = () => listParts(db, actor, shape, placeholders);
  // The count does not depend on the page.
  const total = counts(actor, JSON.stringify({ ...shape, first: true }), () => named(parts().count)).execute(v);
  const key = JSON.stringify(shape);
  if (shape.view === '3') {
    const [rows, [n]] = await Promise.all([delegatedPages(actor, key, () => named(parts().delegated!)).execute(v), total]);
    return { tasks: rows.map(toDelegatedDto), count: n?.n ?? 0 };
  }
  const [rows, [n]] = await Promise.all([ownPages(actor, key, () => named(parts().own!)).execute(v), total]);
  return { tasks: rows.map(toOwnDto), count: n?.n ?? 0 };
}

/** Rows of POST /export-tasks: the same selection as the list, without paging. */
export function taskExportRows({ db }: ServiceDeps<'db'>, actor: Actor, q: Omit<TaskListQuery, 'from'>) {
  const { shape, values } = shapeOf(actor, q);
  const v = { ...values, from: 0 };
  if (q.view === '3') {
    const where = delegatedWhere(actor, shape, v);
    return inBatches(async (limit, offset) => (await delegatedQuery(db, where, shape.completed).limit(limit).offset(offset)).map(toDelegatedDto));
  }
  const where = ownWhere(actor, shape, v);
  return inBatches(async (limit, offset) => (await ownRowsQuery(db, where).orderBy(...ownOrder(shape.completed)).limit(limit).offset(offset)).map(toOwnDto));
}
