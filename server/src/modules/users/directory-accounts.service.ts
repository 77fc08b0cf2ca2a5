import { audit } from '../../platform/audit.ts';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { forgetActors } from '../../platform/actor-cache.ts';
import { currentYear } from '../../platform/dates.ts';
import { type ServiceDeps, withDb } from '../../platform/deps.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { saveVacationAccount } from './hooks.ts';
import { users } from './users.table.ts';

/**
 * Accounts kept in step with the company's directory (sign-in with the company account): a person
 * the directory knows is created at the first sign-in, and group and location follow the
 * directory at every sign-in.
 */

export interface DirectoryPerson {
  email: string;
  firstName: string;
  lastName: string;
  groupId: string;
  locationId: string;
}

/** Creates the account of a person the directory signed in for the first time. */
export async function createDirectoryAccount(deps: ServiceDeps<'db' | 'hooks'>, person: DirectoryPerson): Promise<string> {
  // The account has a password nobody knows: its way in is the company account (or 'Passwort vergessen').
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ email: person.email, firstName: person.firstName, lastName: person.lastName, groupId: person.groupId, locationId: person.locationId, passwordHash })
      .returning({ id: users.id });
    // Created by the portal itself, on the directory's word: no person acted.
    await audit(tx, null, { entity: 'user', id: row!.id, action: 'create', subject: row!.id, after: { email: person.email, firstName: person.firstName, lastName: person.lastName, groupId: person.groupId, locationId: person.locationId } });
    await deps.hooks.ask(saveVacationAccount)(withDb(deps, tx), { userId: row!.id, year: currentYear(), surplus: 0, deduction: 0 });
    return row!.id;
  });
}

/** Group and (when the directory names one) location of an existing account, as the directory says now. */
export async function followDirectory({ db }: ServiceDeps<'db'>, { userId, groupId, locationId }: { userId: string; groupId: string; locationId: string | null }) {
  const [before] = await db.select({ groupId: users.groupId, locationId: users.locationId }).from(users).where(eq(users.id, userId));
  if (!before || (before.groupId === groupId && (!locationId || before.locationId === locationId))) return;
  const after = { groupId, ...(locationId ? { locationId } : {}) };
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...after, ...(locationId ? { selectedLocationId: null } : {}) })
      .where(eq(users.id, userId));
    await audit(tx, null, { entity: 'user', id: userId, action: 'update', subject: userId, before, after });
  });
  // The person's sessions carry group and location: the next request reads them anew.
  await forgetActors(db);
}
