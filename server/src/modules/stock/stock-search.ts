import { sql } from 'drizzle-orm';
import { can } from '../../platform/access.ts';
import { searchGroup, type SearchSource } from '../../platform/search.ts';
import { articleEans, articles, articleStocks } from './stock.table.ts';

/**
 * 'Artikel' in the portal search, for who sees the stock page: by number, EAN, name and decor; a
 * number or EAN typed whole also matches exactly (any of the article's EANs) and ranks first. The
 * stock is the one at the location the person works at now.
 */
export const articleSearch: SearchSource = (actor, terms, limit) => {
  if (!can(actor, 'sortiment_menu_sehen')) return null;
  const exact = sql`(lower(a.number) = any(${terms.numbers}) or a.id = any(array(select e.article_id from ${articleEans} e where e.ean = any(${terms.numbers}))))`;
  return searchGroup('articles', {
    candidates: sql`select a.id, ts_rank(a.search, ${terms.query}) + case when ${exact} then 10 else 0 end as rank
      from ${articles} a where a.search @@ ${terms.query} or ${exact}`,
    from: sql`join ${articles} a on a.id = best.id
      left join ${articleStocks} s on s.article_id = a.id and s.location_id = ${actor.selectedLocationId}`,
    hit: sql`jsonb_build_object('id', a.id, 'number', a.number, 'ean', a.ean, 'name', a.name, 'decor', a.decor, 'categoryId', a.category_id, 'stock', s.count)`,
    limit,
  });
};
