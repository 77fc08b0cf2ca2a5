import { sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { countNamed, type ErasurePart, unname } from '../../platform/erasure.ts';
import { taskAssignments, tasks } from './tasks.table.ts';

/**
 * The id a completion by an erased person keeps: no one's, so the list shows 'Benutzer gelöscht'
 * (an empty one means another area completed it).
 */
const NO_ONE = '00000000-0000-0000-0000-000000000000';

/** Erasure: the person leaves others' tasks: their selections, the completions they made, the titles that name them. */
export const tasksErasure: ErasurePart = {
  async preview(db, person) {
    const n = await countNamed(db, sql`${tasks}`, ['title'], person);
    return { deleted: [], kept: [{ label: `Aufgaben anderer, die die Person nennen (als „${MSG.deletedUser}“)`, count: n, until: null }] };
  },
  async erase(db, person) {
    await unname(db, sql`${tasks}`, ['title'], person);
    await db.execute(sql`update ${tasks} set users = array_remove(users, ${person.id}::uuid) where ${person.id}::uuid = any(users)`);
    await db.execute(sql`update ${taskAssignments} set completed_by = ${NO_ONE}::uuid where completed_by = ${person.id}::uuid`);
    return [];
  },
};
