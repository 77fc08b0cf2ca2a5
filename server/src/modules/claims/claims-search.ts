import { and, or, sql } from 'drizzle-orm';
import { can } from '../../platform/access.ts';
import { searchGroup, type SearchSource } from '../../platform/search.ts';
import { locations } from '../locations/index.ts';
import { visibleWhere } from './claim-view.ts';
import { claims } from './claims.table.ts';

/**
 * 'Beanstandungen' in the portal search: by number (whole, exact) and customer, at the locations
 * the claims page shows the person; the newest first among equal matches.
 */
export const claimSearch: SearchSource = (actor, terms, limit) => {
  if (!can(actor, 'beanstandungen_menu_sehen')) return null;
  const exact = sql`${claims.number} = any(${terms.numbers})`;
  const where = and(or(sql`${claims.search} @@ ${terms.query}`, exact), visibleWhere(actor));
  return searchGroup('claims', {
    candidates: sql`select ${claims.id} as id, ts_rank(${claims.search}, ${terms.query}) + case when ${exact} then 10 else 0 end
      + extract(epoch from ${claims.createdAt}) / 1e11 as rank from ${claims} where ${where}`,
    from: sql`join ${claims} c on c.id = best.id join ${locations} l on l.id = c.location_id`,
    hit: sql`jsonb_build_object('id', c.id, 'number', c.number, 'customerName', c.customer_name, 'location', l.name, 'completed', c.completed is not null)`,
    limit,
  });
};
