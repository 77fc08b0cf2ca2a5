import { sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { countOf, type ErasurePart } from '../../platform/erasure.ts';
import { articleStocks, stockChecks, stockHistory } from './stock.table.ts';

/**
 * Erasure: the stock history is a record and stays; the person's name in it becomes 'Benutzer
 * gelöscht' (the history's trigger allows exactly that change).
 */
export const stockErasure: ErasurePart = {
  async preview(db, person) {
    const n = await countOf(
      db,
      sql`select ((select count(*) from ${stockHistory} where user_id = ${person.id}::uuid) + (select count(*) from ${stockChecks} where user_id = ${person.id}::uuid))::int as n`,
    );
    return { deleted: [], kept: [{ label: `Bestandsänderungen und -prüfungen (als „${MSG.deletedUser}“)`, count: n, until: null }] };
  },
  async erase(db, person) {
    await db.execute(sql`update ${stockHistory} set user_id = null, user_name = ${MSG.deletedUser} where user_id = ${person.id}::uuid`);
    await db.execute(sql`update ${stockChecks} set user_id = null, user_name = ${MSG.deletedUser} where user_id = ${person.id}::uuid`);
    await db.execute(sql`update ${articleStocks} set updated_by = null where updated_by = ${person.id}::uuid`);
    return [];
  },
};
