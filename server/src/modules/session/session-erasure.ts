import { sql } from 'drizzle-orm';
import { countOf, type ErasedPerson, type ErasurePart } from '../../platform/erasure.ts';
import { loginLog } from './session.table.ts';

/** The person's sign-ins, also the failed ones under their sign-in name before the account was known. */
const theirs = (person: ErasedPerson) => sql`(user_id = ${person.id}::uuid or lower(user_name) = lower(${person.email}))`;

/** Erasure: the person's login log goes with them (their addresses and places, nothing others need). */
export const sessionErasure: ErasurePart = {
  async preview(db, person) {
    return { deleted: [{ label: 'Login-Verlauf', count: await countOf(db, sql`select count(*)::int as n from ${loginLog} where ${theirs(person)}`) }], kept: [] };
  },
  async erase(db, person) {
    await db.execute(sql`delete from ${loginLog} where ${theirs(person)}`);
    return [];
  },
};
