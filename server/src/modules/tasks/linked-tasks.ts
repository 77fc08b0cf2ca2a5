import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
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
  createdBy: string | null;
  teams?: string[];
  locations?: string[];
  users?: string[];
  subtasks?: string[];
  recipients: string[];
}

export async function insertTask(db: Db, t: NewTask): Promise<string> {
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
 * Pass the module's transaction as `db` to create it atomically with the module's own rows.
 */
export async function createLinkedTask(db: Db, t: Omit<NewTask, 'teams' | 'locations' | 'users'> & { reference: string }) {
  if (t.recipients.length === 0) return null;
  return insertTask(db, { ...t, users: t.recipients });
}

/** Completes every task with this reference (e.g. the request was accepted or declined). */
export async function completeLinkedTasks(db: Db, reference: string, byUserId: string | null) {
  const ids = db.select({ id: tasks.id }).from(tasks).where(eq(tasks.reference, reference));
  await db
    .update(taskAssignments)
    .set({ completedAt: new Date(), completedBy: byUserId })
    .where(and(inArray(taskAssignments.taskId, ids), isNull(taskAssignments.completedAt)));
}

/** Completes one person's copy of the tasks with this reference (e.g. that person confirmed a notice). */
export async function completeLinkedTasksFor(db: Db, reference: string, userId: string) {
  const ids = db.select({ id: tasks.id }).from(tasks).where(eq(tasks.reference, reference));
  await db
    .update(taskAssignments)
    .set({ completedAt: new Date(), completedBy: userId })
    .where(and(inArray(taskAssignments.taskId, ids), eq(taskAssignments.userId, userId), isNull(taskAssignments.completedAt)));
}

/** Removes every task with this reference (e.g. the request was withdrawn). */
export async function deleteLinkedTasks(db: Db, reference: string) {
  await db.delete(tasks).where(eq(tasks.reference, reference));
}
