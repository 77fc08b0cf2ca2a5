import { sql } from 'drizzle-orm';
import { addDays } from '@filialportal/core/calendar';
import type { Actor } from '../../platform/access.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { formatDate, todayIso } from '../../platform/dates.ts';
import { notify } from '../notifications/index.ts';
import { taskAssignments, tasks } from './tasks.table.ts';

// What the notification centre is told about tasks (core/notifications.ts): a task someone gave
// (task_new) and an open task due tomorrow (task_due). Tasks other modules link to their records
// (a vacation request to approve, a training registration) are told by those modules' own kinds.

/** The own tasks: the page opens no single task by address. */
const OWN_TASKS = '/aufgaben/eigene';
/** How often the due-tomorrow job looks; the ref makes every run after the first a no-op. */
export const TASKS_DUE_INTERVAL_MS = 60 * 60 * 1000;

/** A task given by a person: its recipients, except the one who gave it. */
export async function notifyNewTask(
  deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>,
  actor: Actor,
  t: { id: string; title: string; deadline: string; recipients: string[] },
) {
  await notify(deps, {
    kind: 'task_new',
    userIds: t.recipients.filter((id) => id !== actor.userId),
    title: `Neue Aufgabe: ${t.title}`,
    body: `Fällig am ${formatDate(t.deadline)}`,
    link: OWN_TASKS,
    ref: `task:${t.id}`,
  }).catch((err: unknown) => deps.log.error({ err }, 'task notification failed'));
}

/**
 * The scheduler's job: everyone whose copy of a task is still open and whose task is due
 * tomorrow (Berlin's calendar) is told once. The ref holds the deadline, so a task moved to
 * another day is told again; runs on several instances or every hour tell nobody twice.
 * Returns how many tasks it looked at.
 */
export async function notifyTasksDueTomorrow(deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>): Promise<number> {
  const tomorrow = addDays(todayIso(), 1);
  const result = await deps.db.execute(sql`
    select t.id, t.title, t.link, json_agg(a.user_id) as user_ids
    from ${tasks} t join ${taskAssignments} a on a.task_id = t.id and a.completed_at is null
    where t.deadline = ${tomorrow}
    group by t.id`);
  const due = (result as unknown as { rows: { id: string; title: string; link: string; user_ids: string[] }[] }).rows;
  for (const t of due) {
    await notify(deps, {
      kind: 'task_due',
      userIds: t.user_ids,
      title: `Morgen fällig: ${t.title}`,
      body: `Fällig am ${formatDate(tomorrow)}`,
      // A linked task leads to its record (e.g. the open vacation requests); the others to the own tasks.
      link: t.link.startsWith('/') ? t.link : OWN_TASKS,
      ref: `task-due:${t.id}:${tomorrow}`,
    });
  }
  return due.length;
}
