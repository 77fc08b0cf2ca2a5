import { sql } from 'drizzle-orm';
import { can } from '../../platform/access.ts';
import { searchGroup, type SearchSource } from '../../platform/search.ts';
import { trainings } from './trainings.table.ts';

/** 'Veranstaltungen' in the portal search: every training and event of the list, for who sees it; upcoming ones first. */
export const trainingSearch: SearchSource = (actor, terms, limit) => {
  if (!can(actor, 'schulung_sehen')) return null;
  return searchGroup('trainings', {
    candidates: sql`select t.id, ts_rank(t.search, ${terms.query}) + case when t.date >= current_date then 1 else 0 end as rank
      from ${trainings} t where t.search @@ ${terms.query}`,
    from: sql`join ${trainings} t on t.id = best.id`,
    hit: sql`jsonb_build_object('id', t.id, 'title', t.title, 'category', t.category, 'date', t.date::text, 'time', t.time, 'city', t.city)`,
    limit,
  });
};
