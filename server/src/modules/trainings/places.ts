import { eq, sql } from 'drizzle-orm';
import { formatDate, todayIso } from '../../platform/dates.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { users } from '../users/index.ts';
import { openApprovalTasks } from './approval-tasks.ts';
import { trainingInvitation } from './invitation.ts';
import { trainingRegistrations as regs, trainings } from './trainings.table.ts';

/** Places of a training: the lock they are counted under, moving up from the waiting list, and the mails about it. */

/** A mail about a training, written from its row. */
type TrainingMail = (t: typeof trainings.$inferSelect) => { subject: string; text: string };

export async function lockTraining(tx: Db, id: string) {
  const [t] = await tx.select({ id: trainings.id, contingent: trainings.contingent }).from(trainings).where(eq(trainings.id, id)).for('update');
  if (!t) throw notFound();
  return t;
}

/**
 * Moves the first people of the waiting list up, in order of arrival, while places are free
 * (pretix-style): they become 'Angefragt' and still need an approval. Runs in the caller's
 * transaction, under the training's lock. Returns who moved up.
 */
export async function promoteWaiting(deps: ServiceDeps<'db'>, { trainingId, by }: { trainingId: string; by: string | null }): Promise<string[]> {
  const moved = await deps.db.execute<{ id: string; user_id: string | null }>(sql`
    update ${regs} set waiting_list = false, updated_at = now()
    where id in (
      select r.id from ${regs} r, ${trainings} t
      where r.training_id = ${trainingId} and r.waiting_list and t.id = ${trainingId} and t.date >= ${todayIso()} and t.cancelled_at is null
      order by r.created_at, r.id
      limit greatest(0, (select t2.contingent from ${trainings} t2 where t2.id = ${trainingId})
        - (select count(*) from ${regs} r2 where r2.training_id = ${trainingId} and not r2.waiting_list)))
    returning id, user_id`);
  const rows = (moved as unknown as { rows: { id: string; user_id: string | null }[] }).rows;
  // Moved up, they are requested now: their approvers get the task.
  await openApprovalTasks(deps, { trainingId, requested: rows.map((r) => ({ id: r.id, userId: r.user_id })), createdBy: by });
  return rows.flatMap((r) => (r.user_id ? [r.user_id] : []));
}

export async function tellPromoted(deps: ServiceDeps<'db' | 'config' | 'mailer' | 'log'>, { trainingId, userIds }: { trainingId: string; userIds: string[] }) {
  if (userIds.length === 0) return;
  const [t] = await deps.db.select().from(trainings).where(eq(trainings.id, trainingId));
  if (!t) return;
  await mailTo(deps, {
    userIds,
    mail: {
      subject: `Filialportal: Platz frei für „${t.title}“`,
      text: `Für „${t.title}“ am ${formatDate(t.date)} um ${t.time} Uhr ist ein Platz frei geworden. Sie sind von der Warteliste nachgerückt; Ihre Anmeldung ist angefragt und wird noch bestätigt.`,
    },
  });
}

/**
 * Tells everyone registered (a reschedule, a cancellation). Approved participants get the
 * calendar invitation with it: `method` REQUEST updates the event in their calendar, CANCEL
 * removes it.
 */
export async function tellRegistered(deps: ServiceDeps<'db' | 'config' | 'mailer' | 'log'>, { trainingId, mail, method }: { trainingId: string; mail: TrainingMail; method: 'REQUEST' | 'CANCEL' }) {
  const [t] = await deps.db.select().from(trainings).where(eq(trainings.id, trainingId));
  if (!t) return;
  const people = await deps.db.select({ userId: regs.userId, approved: regs.approved }).from(regs).where(eq(regs.trainingId, trainingId));
  const ids = (approved: boolean) => people.flatMap((p) => (p.userId && p.approved === approved ? [p.userId] : []));
  await mailTo(deps, { userIds: ids(false), mail: mail(t) });
  await mailTo(deps, { userIds: ids(true), mail: mail(t), calendar: { training: t, method } });
}

/** Sends the approved participant(s) their calendar invitation (after approval). */
export async function invite(deps: ServiceDeps<'db' | 'config' | 'mailer' | 'log'>, { trainingId, userIds, mail }: { trainingId: string; userIds: string[]; mail: TrainingMail }) {
  if (userIds.length === 0) return;
  const [t] = await deps.db.select().from(trainings).where(eq(trainings.id, trainingId));
  if (t) await mailTo(deps, { userIds, mail: mail(t), calendar: { training: t, method: 'REQUEST' } });
}

/** Mails the people; with `calendar`, the training travels along as a calendar invitation. */
export async function mailTo(
  deps: ServiceDeps<'db' | 'config' | 'mailer' | 'log'>,
  { userIds, mail, calendar }: { userIds: string[]; mail: { subject: string; text: string }; calendar?: { training: typeof trainings.$inferSelect; method: 'REQUEST' | 'CANCEL' } },
) {
  if (userIds.length === 0) return;
  const people = await deps.db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(sql`${users.id} = any(${`{${userIds.join(',')}}`}::uuid[]) and ${users.email} <> ''`);
  const organizer = /<([^>]+)>/.exec(deps.config.mailFrom)?.[1] ?? deps.config.mailFrom;
  for (const p of people) {
    const t = calendar?.training;
    const icalEvent = t && calendar
      ? {
          method: calendar.method,
          filename: 'veranstaltung.ics',
          // The sequence grows with every change of the row, so a calendar replaces the older invitation.
          content: trainingInvitation({ ...t, sequence: Math.floor(t.updatedAt.getTime() / 1000) }, calendar.method, organizer, p.email),
        }
      : undefined;
    await deps.mailer
      .send({ to: p.email, subject: mail.subject, text: `Hallo ${p.firstName},\n\n${mail.text}\n\nDie Veranstaltungen finden Sie im Filialportal unter Veranstaltungen.`, ...(icalEvent ? { icalEvent } : {}) })
      .catch((err) => deps.log.error({ err }, 'training mail failed'));
  }
}
