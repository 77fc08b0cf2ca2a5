import { sql } from 'drizzle-orm';
import { canAny } from '../../platform/access.ts';
import { passage, searchGroup, type SearchSource } from '../../platform/search.ts';
import { libraryDocuments, libraryFolders } from './documents.table.ts';
import { itemVisible, visibleFolderIds } from './library-view.ts';

/**
 * 'Dokumente' in the portal search: name and text of the documents the person may read (every folder
 * on the way and the document admit them). A document's vector is long: like every group, only the
 * window of candidates is ranked (a name match weighs most), never every match.
 */
export const documentSearch: SearchSource = (actor, terms, limit) => {
  // Who reads documents and may search them, as on the documents page.
  if (!canAny(actor, ['dokument_oder_ordner_eigene_sehen', 'dokument_oder_ordner_alle_sehen'])) return null;
  if (!canAny(actor, ['dokument_oder_ordner_eigene_durchsuchen', 'dokument_oder_ordner_alle_durchsuchen'])) return null;
  const folders = visibleFolderIds(actor);
  // The visible folders are walked once for the statement (an array), not once per match.
  const visible = folders ? sql`d.folder_id = any(array(${folders})) and ${itemVisible(actor, sql`d.teams`)}` : sql`true`;
  return searchGroup('documents', {
    candidates: sql`select d.id, ts_rank(d.search, ${terms.query}) as rank from ${libraryDocuments} d where d.search @@ ${terms.query} and ${visible}`,
    from: sql`join ${libraryDocuments} d on d.id = best.id join ${libraryFolders} f on f.id = d.folder_id`,
    // The passage comes from the first 4,000 characters: ts_headline parses all it is given, and
    // 20,000 characters of five documents cost more than the search itself.
    hit: sql`jsonb_build_object('id', d.id, 'name', d.name, 'type', d.type, 'folderId', d.folder_id, 'folder', f.name,
      'snippet', ${passage(sql`left(d.content, 4000)`, terms.query)})`,
    limit,
  });
};
