import { eq, inArray, sql } from 'drizzle-orm';
import { formatDate } from '../../platform/dates.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { createLinkedTask, deleteLinkedTasksIn } from '../tasks/index.ts';
import { userGroups } from '../teams/index.ts';
import { users } from '../users/index.ts';
import { trainingRegistrations as regs, trainings } from './trainings.table.ts';

export const registrationReference = (registrationId: string) => `training-registration:${registrationId}`;

/**
 * Who confirms a person's registration: holders of anmeldung_best_tigen_alle, or of the
 * own-location variant where the person works; Admin only when nobody else would.
 */
async function approversOf(db: Db, personId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id, admin: sql<boolean>`${userGroups.name} = 'Admin'` })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(
      sql`${users.active} and ${users.id} <> ${personId} and ('anmeldung_best_tigen_alle' = any(${userGroups.permissions})
        or ('anmeldung_best_tigen_eigene_filiale' = any(${userGroups.permissions}) and ${users.locationId} = (select p.location_id from ${users} p where p.id = ${personId})))`,
    );
  const others = rows.filter((r) => !r.admin);
  return (others.length ? others : rows).map((r) => r.id);
}

/**
 * A requested registration gets a task for its approvers ('Anmeldung bestätigen'), linked to the
 * training; confirming or declining completes it (locked: not ticked by hand).
 */
export async function openApprovalTasks(
  deps: ServiceDeps<'db'>,
  { trainingId, requested, createdBy }: { trainingId: string; requested: { id: string; userId: string | null }[]; createdBy: string | null },
) {
  const { db } = deps;
  if (requested.length === 0) return;
  const [t] = await db.select({ title: trainings.title, date: trainings.date }).from(trainings).where(eq(trainings.id, trainingId));
  if (!t) return;
  const names = await db
    .select({ id: users.id, name: sql<string>`${users.lastName} || ', ' || ${users.firstName}` })
    .from(users)
    .where(inArray(users.id, requested.flatMap((r) => (r.userId ? [r.userId] : []))));
  for (const r of requested) {
    if (!r.userId) continue;
    await createLinkedTask(deps, {
      title: `Anmeldung bestätigen: ${names.find((n) => n.id === r.userId)?.name ?? ''} – ${t.title} (${formatDate(t.date)})`,
      deadline: t.date,
      recipients: await approversOf(db, r.userId),
      link: `/veranstaltungen?id=${trainingId}`,
      reference: registrationReference(r.id),
      locked: true,
      createdBy,
    });
  }
}

/** The approval tasks of all registrations of a training go with it (deleted, cancelled). */
export async function dropApprovalTasks(deps: ServiceDeps<'db'>, trainingId: string) {
  await deleteLinkedTasksIn(deps, sql`select 'training-registration:' || r.id from ${regs} r where r.training_id = ${trainingId}`);
}
