import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { locations } from '../locations/index.ts';
import { users } from '../users/index.ts';

/**
 * Writers of one person's absences take turns. The overlap rules are exclusion constraints, and
 * two overlapping rows inserted at the same moment wait for each other until PostgreSQL breaks
 * the deadlock with an error (a 500); in turn, the later one meets the constraint and gets 422.
 */
export async function lockPerson(tx: Db, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

export type Person = { id: string; firstName: string; lastName: string; email: string; locationId: string; groupId: string; freeDays: string[]; region: string };

/** A person as vacation and its checks need them: name, address, location and its federal state, free days. */
export async function person({ db }: ServiceDeps<'db'>, userId: string): Promise<Person | undefined> {
  const [p] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, locationId: users.locationId, groupId: users.groupId, freeDays: users.freeDays, region: locations.region })
    .from(users)
    .innerJoin(locations, eq(locations.id, users.locationId))
    .where(eq(users.id, userId));
  return p;
}

