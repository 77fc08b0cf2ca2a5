import { sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { countOf, type ErasurePart, unname } from '../../platform/erasure.ts';
import { claimFiles, claimStockCorrections, claims } from './claims.table.ts';

/**
 * Erasure: claims are accounting records and stay; the person's name copied into them becomes
 * 'Benutzer gelöscht' (the foreign key clears the creator), uploads and bookings lose the id.
 */
export const claimsErasure: ErasurePart = {
  async preview(db, person) {
    const n = await countOf(db, sql`select count(*)::int as n from ${claimStockCorrections} where user_id = ${person.id}::uuid`);
    return { deleted: [], kept: [{ label: `Bestandsbuchungen aus Beanstandungen (als „${MSG.deletedUser}“)`, count: n, until: null }] };
  },
  async erase(db, person) {
    // The checklist's gap texts may carry the name the portal filled in.
    await unname(db, sql`${claims}`, ['lueckentext'], person, true);
    await db.execute(sql`update ${claims} set created_by_name = ${MSG.deletedUser} where created_by_id = ${person.id}::uuid`);
    await db.execute(sql`update ${claimFiles} set uploaded_by = null where uploaded_by = ${person.id}::uuid`);
    await db.execute(sql`update ${claimStockCorrections} set user_id = null, user_name = ${MSG.deletedUser} where user_id = ${person.id}::uuid`);
    return [];
  },
};
