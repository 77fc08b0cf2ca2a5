import { eq, sql } from 'drizzle-orm';
import { formatDate, todayIso } from '../../platform/dates.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { notify } from '../notifications/index.ts';
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

const trainingLink = (id: string) => `/veranstaltungen?id=${id}`;

/** The people who moved up from the waiting list (training_place), with the mail if they want it. */
export async function tellPromoted(deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>, { trainingId, userIds }: { trainingId: string; userIds: string[] }) {
  if (userIds.length === 0) return;
  const [t] = await deps.db.select().from(trainings).where(eq(trainings.id, trainingId));
  if (!t) return;
  await notify(deps, {
    kind: 'training_place',
    userIds,
    title: `Platz frei: „${t.title}“ am ${formatDate(t.date)}`,
    body: 'Sie sind von der Warteliste nachgerückt; Ihre Anmeldung ist angefragt und wird noch bestätigt.',
    link: trainingLink(t.id),
    // Moving up again after another registration is told again.
    ref: `training-place:${t.id}:${Date.now()}`,
    mail: {
      subject: `Filialportal: Platz frei für „${t.title}“`,
      text: `Für „${t.title}“ am ${formatDate(t.date)} um ${t.time} Uhr ist ein Platz frei geworden. Sie sind von der Warteliste nachgerückt; Ihre Anmeldung ist angefragt und wird noch bestätigt.`,
    },
  }).catch((err: unknown) => deps.log.error({ err }, 'training place notification failed'));
}

/**
 * The decision on registrations (training_decision) to the people registered, not to whoever
 * decided: approved with the calendar invitation, declined with its cancellation when the place
 * had been approved. The mail goes with the notification, by the person's choice.
 */
export async function tellDecision(
  deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>,
  { trainingId, userIds, approved, withdrawsInvitation = false, by }: { trainingId: string; userIds: string[]; approved: boolean; withdrawsInvitation?: boolean; by: string },
) {
  const people = userIds.filter((id) => id !== by);
  if (people.length === 0) return;
  const [t] = await deps.db.select().from(trainings).where(eq(trainings.id, trainingId));
  if (!t) return;
  const decided = approved ? 'bestätigt' : 'abgelehnt';
  const method = approved ? 'REQUEST' : withdrawsInvitation ? 'CANCEL' : null;
  const mail = approved ? confirmed(t) : { subject: `Filialportal: Anmeldung zu „${t.title}“ abgelehnt`, text: `Ihre Anmeldung zu „${t.title}“ am ${formatDate(t.date)} um ${t.time} Uhr wurde abgelehnt.` };
  await notify(deps, {
    kind: 'training_decision',
    userIds: people,
    title: `Ihre Anmeldung zu „${t.title}“ am ${formatDate(t.date)} wurde ${decided}`,
    link: trainingLink(t.id),
    ref: `training-decision:${t.id}:${decided}:${Date.now()}`,
    mail: (person) => ({ ...mail, ...(method ? { icalEvent: invitationOf(deps, t, method, person.email) } : {}) }),
  }).catch((err: unknown) => deps.log.error({ err }, 'training decision notification failed'));
}

/** The confirmation of an approved registration; the calendar invitation hangs on it. */
export const confirmed = (t: typeof trainings.$inferSelect) => ({
  subject: `Filialportal: Anmeldung zu „${t.title}“ bestätigt`,
  text: `Ihre Anmeldung zu „${t.title}“ am ${formatDate(t.date)} um ${t.time} Uhr ist bestätigt. Der Termin hängt als Kalendereinladung an.\nOrt: ${t.address}, ${t.zip} ${t.city}`,
});

/** The calendar attachment of a training for one attendee. */
function invitationOf(deps: ServiceDeps<'config'>, t: typeof trainings.$inferSelect, method: 'REQUEST' | 'CANCEL', email: string) {
  const organizer = /<([^>]+)>/.exec(deps.config.mailFrom)?.[1] ?? deps.config.mailFrom;
  return {
    method,
    filename: 'veranstaltung.ics',
    // The sequence grows with every change of the row, so a calendar replaces the older invitation.
    content: trainingInvitation({ ...t, sequence: Math.floor(t.updatedAt.getTime() / 1000) }, method, organizer, email),
  };
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
  for (const p of people) {
    const icalEvent = calendar ? invitationOf(deps, calendar.training, calendar.method, p.email) : undefined;
    await deps.mailer
      .send({ to: p.email, subject: mail.subject, text: `Hallo ${p.firstName},\n\n${mail.text}\n\nDie Veranstaltungen finden Sie im Filialportal unter Veranstaltungen.`, ...(icalEvent ? { icalEvent } : {}) })
      .catch((err) => deps.log.error({ err }, 'training mail failed'));
  }
}
