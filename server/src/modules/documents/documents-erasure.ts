import { sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { countOf, type ErasurePart } from '../../platform/erasure.ts';
import { libraryDocuments, libraryFolders } from './documents.table.ts';

/** Erasure: shared folders and documents stay; the uploader's name becomes 'Benutzer gelöscht'. */
export const documentsErasure: ErasurePart = {
  async preview(db, person) {
    const n = await countOf(db, sql`select count(*)::int as n from ${libraryDocuments} where created_by_id = ${person.id}::uuid`);
    return { deleted: [], kept: [{ label: `Hochgeladene Dokumente (als „${MSG.deletedUser}“)`, count: n, until: null }] };
  },
  async erase(db, person) {
    await db.execute(sql`update ${libraryDocuments} set created_by_id = null, created_by_name = ${MSG.deletedUser} where created_by_id = ${person.id}::uuid`);
    await db.execute(sql`update ${libraryFolders} set created_by_id = null where created_by_id = ${person.id}::uuid`);
    return [];
  },
};
