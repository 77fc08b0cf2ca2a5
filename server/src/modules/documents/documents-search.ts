import { sql } from 'drizzle-orm';
import { canAny } from '../../platform/access.ts';
import { passage, searchGroup, type SearchSource } from '../../platform/search.ts';
import { libraryDocuments, libraryFolders } from './documents.table.ts';
import { itemVisible, visibleFolderIds } from './library-view.ts';

/**
 * 'Dokumente' in the portal search: name and text of the documents the person may read (every folder
 * on the way and the document admit them). A document's vector is long, so candidates are ordered
 * cheaply first (a match in the name, then the newest) and only the best of them are ranked by
 * the full text.
 */
export const documentSearch: SearchSource = (actor, terms, limit) => {
  // Who reads documents and may search them, as on the documents page.
  if (!canAny(actor, ['dokument_oder_ordner_eigene_sehen', 'dokument_oder_ordner_alle_sehen'])) return null;
  if (!canAny(actor, ['dokument_oder_ordner_eigene_durchsuchen', 'dokument_oder_ordner_alle_durchsuchen'])) return null;
  const folders = visibleFolderIds(actor);
  const visible = folders ? sql`d.folder_id in ${folders} and ${itemVisible(actor, sql`d.teams`)}` : sql`true`;
  return searchGroup('documents', {
    candidates: sql`select d.id, (to_tsvector('search_de', d.name) @@ ${terms.query})::int + extract(epoch from d.updated_at) / 1e11 as rank
      from ${libraryDocuments} d where d.search @@ ${terms.query} and ${visible}`,
    rerank: sql`(select ts_rank(r.search, ${terms.query}) from ${libraryDocuments} r where r.id = pre.id)`,
    from: sql`join ${libraryDocuments} d on d.id = best.id join ${libraryFolders} f on f.id = d.folder_id`,
    hit: sql`jsonb_build_object('id', d.id, 'name', d.name, 'type', d.type, 'folderId', d.folder_id, 'folder', f.name,
      'snippet', ${passage(sql`left(d.content, 20000)`, terms.query)})`,
    limit,
  });
};
