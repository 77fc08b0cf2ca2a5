import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { addDays } from '@filialportal/core/calendar';
import { formatDate, todayIso } from '../../platform/dates.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { addLinkedTaskRecipient, completeLinkedTasksFor, createLinkedTask, deleteLinkedTasks, removeLinkedTaskRecipient } from '../tasks/index.ts';
import { users } from '../users/index.ts';
import { trainingRegistrations as regs, trainings, trainingValuations } from './trainings.table.ts';

export const ratingReference = (trainingId: string) => `training-rating:${trainingId}`;

/** Days after a training in which its participants are asked to rate it (the task's deadline). */
export const RATING_WINDOW_DAYS = 14;

/** How often the server looks for trainings that have just ended. */
export const RATING_TASKS_INTERVAL_MS = 15 * 60_000;

const BATCH = 100;

/**
 * The day after a training, every approved participant who came (or whose attendance is not
 * recorded) and has not rated yet gets the task 'Veranstaltung bewerten', linked to the rating
 * form; rating completes it. One task per training, each participant ticks their own copy.
 * Trainings that ended longer than RATING_WINDOW_DAYS ago (e.g. when the job first runs on old
 * data) are marked as handled without a task. Safe on several instances at once: each claims
 * its trainings with `for update skip locked`. Returns the number of tasks opened.
 */
export async function openRatingTasks({ db }: ServiceDeps<'db'>, today = todayIso()): Promise<number> {
  const oldest = addDays(today, -RATING_WINDOW_DAYS);
  let opened = 0;
  for (;;) {
    const { handled, tasks } = await db.transaction(async (tx) => {
      const due = tx
        .select({ id: trainings.id })
        .from(trainings)
        .where(and(isNull(trainings.ratingTasksAt), isNull(trainings.cancelledAt), lt(trainings.date, today)))
        .orderBy(asc(trainings.date))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const claimed = await tx
        .update(trainings)
        .set({ ratingTasksAt: new Date() })
        .where(inArray(trainings.id, due))
        .returning({ id: trainings.id, title: trainings.title, date: trainings.date });
      const recent = claimed.filter((t) => t.date >= oldest);
      if (recent.length === 0) return { handled: claimed.length, tasks: 0 };
      const participants = await tx
        .select({ trainingId: regs.trainingId, userId: users.id })
        .from(regs)
        .innerJoin(users, eq(users.id, regs.userId))
        .where(
          and(
            inArray(
              regs.trainingId,
              recent.map((t) => t.id),
            ),
            eq(regs.approved, true),
            sql`${regs.attended} is not false`,
            eq(users.active, true),
            sql`not exists (select 1 from ${trainingValuations} v where v.training_id = ${regs.trainingId} and v.user_id = ${regs.userId})`,
          ),
        );
      let tasks = 0;
      for (const t of recent) {
        const recipients = participants.filter((p) => p.trainingId === t.id).map((p) => p.userId);
        const id = await createLinkedTask({ db: tx }, {
          title: `Veranstaltung bewerten: ${t.title} (${formatDate(t.date)})`,
          deadline: addDays(t.date, RATING_WINDOW_DAYS),
          recipients,
          link: `/veranstaltungen?id=${t.id}&bewerten=1`,
          reference: ratingReference(t.id),
          multiTask: true,
          locked: true,
          createdBy: null,
        });
        if (id) tasks++;
      }
      return { handled: claimed.length, tasks };
    });
    opened += tasks;
    if (handled < BATCH) return opened;
  }
}

/** A participant rated: their copy of the rating task is done. */
export const completeRatingTask = (deps: ServiceDeps<'db'>, { trainingId, userId }: { trainingId: string; userId: string }) =>
  completeLinkedTasksFor(deps, { reference: ratingReference(trainingId), userId });

/**
 * Attendance recorded after the tasks went out: who did not come may not rate, so their copy
 * goes; who is marked as present again (and has not rated) gets it back.
 */
export async function followAttendance(deps: ServiceDeps<'db'>, { trainingId, userId, attended }: { trainingId: string; userId: string; attended: boolean }) {
  if (!attended) return removeLinkedTaskRecipient(deps, { reference: ratingReference(trainingId), userId });
  const [rated] = await deps.db
    .select({ id: trainingValuations.id })
    .from(trainingValuations)
    .where(and(eq(trainingValuations.trainingId, trainingId), eq(trainingValuations.userId, userId)));
  if (!rated) await addLinkedTaskRecipient(deps, { reference: ratingReference(trainingId), userId });
}


/** A deleted training takes its rating task along. */
export const dropRatingTasks = (deps: ServiceDeps<'db'>, trainingId: string) => deleteLinkedTasks(deps, ratingReference(trainingId));
