import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ServiceDeps } from '../../platform/deps.ts';
import { taskAssignments, taskSubtasks, tasks } from './tasks.table.ts';

// Tasks as other modules create and finish them (linked tasks), and the insert POST /task shares.

export interface NewTask {
  title: string;
  deadline: string;
  priority?: number;
  multiTask?: boolean;
  locked?: boolean;
  link?: string;
  reference?: string | null;
  /** The person who creates it; null: the portal itself (a job), shown as 'Filialportal'. */
  createdBy: string | null;
  teams?: string[];
  locations?: string[];
  users?: string[];
  subtasks?: string[];
  recipients: string[];
}

export async function insertTask({ db }: ServiceDeps<'db'>, t: NewTask): Promise<string> {
  return db.transaction(async (tx) => {
    const [task] = await tx
      .insert(tasks)
      .values({
        title: t.title,
        deadline: t.deadline,
        priority: t.priority ?? 2,
        multiTask: t.multiTask ?? false,
        locked: t.locked ?? false,
        link: t.link ?? '',
        reference: t.reference ?? null,
        createdBy: t.createdBy,
        fromSystem: t.createdBy === null,
        teams: t.teams ?? [],
        locations: t.locations ?? [],
        users: t.users ?? [],
      })
      .returning({ id: tasks.id });
    if (t.subtasks?.length) await tx.insert(taskSubtasks).values(t.subtasks.map((name, position) => ({ taskId: task!.id, name, position })));
    await tx.insert(taskAssignments).values([...new Set(t.recipients)].map((userId) => ({ taskId: task!.id, userId })));
    return task!.id;
  });
}

/**
 * For other modules: a task linked to something of theirs (`reference`, e.g. 'absence:<id>',
 * and `link`, where clicking leads). Locked tasks are completed by that module, not by hand.
 * Pass the module's transaction as `deps.db` to create it atomically with the module's own rows.
 */
export async function createLinkedTask(deps: ServiceDeps<'db'>, t: Omit<NewTask, 'teams' | 'locations' | 'users'> & { reference: string }) {
  if (t.recipients.length === 0) return null;
  return insertTask(deps, { ...t, users: t.recipients });
}

/**
 * The same linked task as CTEs inside another module's single statement, one task for each row of
 * the CTE `source` (its `id` appended to `referencePrefix`), so the module writes its row and the
 * task in one round trip: with one connection (PGlite) a transaction of several statements holds
 * everyone else up for as long as the server takes between them. Nothing is created without
 * recipients. Use as `with …, ${linkedTaskCtes(…)} select …`.
 */
export function linkedTaskCtes(t: Omit<NewTask, 'teams' | 'locations' | 'users' | 'reference' | 'subtasks'>, source: string, referencePrefix: string): SQL {
  const recipients = sql`${`{${[...new Set(t.recipients)].join(',')}}`}::uuid[]`;
  const from = sql.identifier(source);
  return sql`linked_task as (
    insert into ${tasks} (title, deadline, priority, multi_task, locked, link, reference, created_by, from_system, users)
    select ${t.title}, ${t.deadline}, ${t.priority ?? 2}, ${t.multiTask ?? false}, ${t.locked ?? false}, ${t.link ?? ''}, ${referencePrefix} || s.id, ${t.createdBy}, ${t.createdBy === null}, ${recipients}
    from ${from} s where cardinality(${recipients}) > 0
    returning id
  ), linked_assignments as (
    insert into ${taskAssignments} (task_id, user_id) select lt.id, r from linked_task lt, unnest(${recipients}) r
  )`;
}

/** Completes every task with this reference (e.g. the request was accepted or declined). */
export async function completeLinkedTasks({ db }: ServiceDeps<'db'>, { reference, byUserId }: { reference: string; byUserId: string | null }) {
  const ids = db.select({ id: tasks.id }).from(tasks).where(eq(tasks.reference, reference));
  await db
    .update(taskAssignments)
    .set({ completedAt: new Date(), completedBy: byUserId })
    .where(and(inArray(taskAssignments.taskId, ids), isNull(taskAssignments.completedAt)));
}

/** Completes one person's copy of the tasks with this reference (e.g. that person confirmed a notice). */
export async function completeLinkedTasksFor({ db }: ServiceDeps<'db'>, { reference, userId }: { reference: string; userId: string }) {
  const ids = db.select({ id: tasks.id }).from(tasks).where(eq(tasks.reference, reference));
  await db
    .update(taskAssignments)
    .set({ completedAt: new Date(), completedBy: userId })
    .where(and(inArray(taskAssignments.taskId, ids), eq(taskAssignments.userId, userId), isNull(taskAssignments.completedAt)));
}

/** Takes one person off the tasks with this reference (e.g. they turned out not to be concerned). */
export async function removeLinkedTaskRecipient({ db }: ServiceDeps<'db'>, { reference, userId }: { reference: string; userId: string }) {
  const ids = db.select({ id: tasks.id }).from(tasks).where(eq(tasks.reference, reference));
  await db.delete(taskAssignments).where(and(inArray(taskAssignments.taskId, ids), eq(taskAssignments.userId, userId)));
}

/** Puts a person (back) on the tasks with this reference; nothing when there is none or they are on it. */
export async function addLinkedTaskRecipient({ db }: ServiceDeps<'db'>, { reference, userId }: { reference: string; userId: string }) {
  await db.execute(sql`insert into ${taskAssignments} (task_id, user_id)
    select t.id, ${userId}::uuid from ${tasks} t where t.reference = ${reference}
    on conflict (task_id, user_id) do nothing`);
}

/** `deleteLinkedTasks` as a CTE of another module's single statement (see linkedTaskCtes). */
export function deleteLinkedTasksCte(reference: string): SQL {
  return sql`deleted_linked_tasks as (delete from ${tasks} where ${tasks.reference} = ${reference})`;
}

/** Removes every task with this reference (e.g. the request was withdrawn). */
export async function deleteLinkedTasks({ db }: ServiceDeps<'db'>, reference: string) {
  await db.delete(tasks).where(eq(tasks.reference, reference));
}

/** Deletes the linked tasks of many records at once; `references` is a subquery yielding their references. */
export async function deleteLinkedTasksIn({ db }: ServiceDeps<'db'>, references: SQL) {
  await db.delete(tasks).where(sql`${tasks.reference} in (${references})`);
}

/**
 * Hands a person's open tasks to someone else (a deputy while the person is on vacation): every
 * open assignment of a task set by hand moves over, unless the other person has that task already.
 * Tasks of other modules (locked: approvals, confirmations) stay with the person. Returns how many moved.
 */
export async function handOverOpenTasks({ db }: ServiceDeps<'db'>, { fromUserId, toUserId }: { fromUserId: string; toUserId: string }): Promise<number> {
  const moved = await db
    .update(taskAssignments)
    .set({ userId: toUserId, updatedAt: new Date() })
    .where(
      and(
        eq(taskAssignments.userId, fromUserId),
        isNull(taskAssignments.completedAt),
        inArray(taskAssignments.taskId, db.select({ id: tasks.id }).from(tasks).where(eq(tasks.locked, false))),
        sql`not exists (select 1 from ${taskAssignments} mine where mine.task_id = ${taskAssignments.taskId} and mine.user_id = ${toUserId})`,
      ),
    )
    .returning({ id: taskAssignments.id });
  return moved.length;
}

/** Whether a task with this reference exists (done or not): a module creates some of its tasks once. */
export async function linkedTaskExists({ db }: ServiceDeps<'db'>, reference: string): Promise<boolean> {
  const [row] = await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.reference, reference)).limit(1);
  return Boolean(row);
}
