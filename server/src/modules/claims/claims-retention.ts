import { sql } from 'drizzle-orm';
import type { ServiceDeps } from '../../platform/deps.ts';
import { deleteFiles } from '../../platform/uploads.ts';
import { claimFiles, claims } from './claims.table.ts';

/**
 * Retention (docs/datenschutz.md): photos and documents of claims completed more than `days` ago
 * go, the claim itself stays (numbers and bookings are accounting records). Returns the files removed.
 */
export async function expireClaimPhotos({ db, storage }: ServiceDeps<'db' | 'storage'>, days: number, limit: number): Promise<number> {
  const gone = await db.execute(sql`
    delete from ${claimFiles} f where f.id in (select d.id from ${claimFiles} d join ${claims} c on c.id = d.claim_id
      where c.completed < now() - make_interval(days => ${days}::int) limit ${limit})
    returning f.file_id as "fileId", f.thumbnail_file_id as "thumbnailId"`);
  const rows = (gone as unknown as { rows: { fileId: string; thumbnailId: string | null }[] }).rows;
  await deleteFiles(db, storage, rows.flatMap((r) => [r.fileId, r.thumbnailId]));
  return rows.length;
}
