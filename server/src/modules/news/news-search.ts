import { and, sql } from 'drizzle-orm';
import { can, canAny } from '../../platform/access.ts';
import { passage, searchGroup, type SearchSource } from '../../platform/search.ts';
import { archiveWhere, visibleWhere } from './news.service.ts';
import { news } from './news.table.ts';

/**
 * 'Neuigkeiten' in the portal search: the items the news page shows the person (audience, published,
 * own), the archive only for who may open it; title first, then text.
 */
export const newsSearch: SearchSource = (actor, terms, limit) => {
  if (!canAny(actor, ['neuigkeiten_alle_sehen', 'neuigkeiten_eigene_sehen'])) return null;
  const where = and(sql`${news.search} @@ ${terms.query}`, visibleWhere(actor), can(actor, 'news_archive_can_see') ? undefined : sql`not (${archiveWhere})`);
  return searchGroup('news', {
    // Newer items rank a little higher among equal matches.
    candidates: sql`select ${news.id} as id, ts_rank(${news.search}, ${terms.query}) + extract(epoch from ${news.publishedAt}) / 1e11 as rank from ${news} where ${where}`,
    from: sql`join ${news} on ${news.id} = best.id`,
    hit: sql`jsonb_build_object('id', ${news.id}, 'title', ${news.title}, 'category', ${news.category}, 'date', ${news.date}::text,
      'archived', coalesce(${archiveWhere}, false),
      'snippet', ${passage(sql`regexp_replace(${news.text}, '<[^>]*>', ' ', 'g')`, terms)})`,
    limit,
  });
};
