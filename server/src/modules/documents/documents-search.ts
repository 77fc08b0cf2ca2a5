import { sql } from 'drizzle-orm';
import { canAny } from '../../platform/access.ts';
import { passage, searchGroup, type SearchSource } from '../../platform/search.ts';
import { libraryDocuments, libraryFolders } from './documents.table.ts';
import { documentVisible } from './library-view.ts';

/**
 * 'Dokumente' in the portal search: name and text of the documents the person may read (every folder
 * on the way and the document admit them). A document's vector is long: like every group, only the
 * window of candidates is ranked (a name match weighs most), never every match. Words under three
 * letters find documents by their name only (`terms.short`, its own index): as a prefix of the text,
 * 'ei' matches nearly every document, and reading all of them to find 101 cost more than the rest.
 */
export const documentSearch: SearchSource = (actor, terms, limit) => {
  // Who reads documents and may search them, as on the documents page.
  if (!canAny(actor, ['dokument_oder_ordner_eigene_sehen', 'dokument_oder_ordner_alle_sehen'])) return null;
  if (!canAny(actor, ['dokument_oder_ordner_eigene_durchsuchen', 'dokument_oder_ordner_alle_durchsuchen'])) return null;
  // Each candidate's folder path is checked as the search reads it, until the window is full: a
  // walk of every visible folder first, and the documents of all of them, cost more than the matches.
  const visible = documentVisible(actor, sql`f.path`, sql`d.teams`);
  return searchGroup('documents', {
    candidates: sql`select d.id, ts_rank(d.search, ${terms.query}) as rank from ${libraryDocuments} d join ${libraryFolders} f on f.id = d.folder_id
      where ${terms.short ? sql`to_tsvector('search_de'::regconfig, d.name)` : sql`d.search`} @@ ${terms.query} and ${visible}`,
    from: sql`join ${libraryDocuments} d on d.id = best.id join ${libraryFolders} f on f.id = d.folder_id`,
    hit: sql`jsonb_build_object('id', d.id, 'name', d.name, 'type', d.type, 'folderId', d.folder_id, 'folder', f.name,
      'snippet', ${passage(sql`d.content`, terms)})`,
    limit,
  });
};
