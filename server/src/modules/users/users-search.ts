import { sql } from 'drizzle-orm';
import { searchGroup, type SearchSource } from '../../platform/search.ts';
import { locations } from '../locations/index.ts';
import { users } from './users.table.ts';

/**
 * 'Kolleginnen und Kollegen' in the portal search: every active person of the company, as a company
 * directory shows them (name, location, phone, e-mail) and nothing else of a person, for everyone.
 */
export const peopleSearch: SearchSource = (_actor, terms, limit) =>
  searchGroup('people', {
    candidates: sql`select u.id, ts_rank(u.search, ${terms.query}) as rank from ${users} u where u.active and u.search @@ ${terms.query}`,
    from: sql`join ${users} u on u.id = best.id join ${locations} l on l.id = u.location_id`,
    hit: sql`jsonb_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'location', l.name, 'phone', u.phone, 'email', u.email)`,
    limit,
  });
