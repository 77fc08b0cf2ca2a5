import { sql } from 'drizzle-orm';
import { SEARCH_DEFAULT_LIMIT, SEARCH_TOTAL_CAP, SEARCH_TYPES, type SearchGroup, type SearchResponse, type SearchType } from '@filialportal/core/search';
import type { Actor } from '../../platform/access.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { preparedRows } from '../../platform/prepared.ts';
import { queryChunks, rowsOf, searchTerms, type SearchSource, type SearchTerms } from '../../platform/search.ts';
import { claimSearch } from '../claims/index.ts';
import { documentSearch } from '../documents/index.ts';
import { newsSearch } from '../news/index.ts';
import { articleSearch } from '../stock/index.ts';
import { taskSearch } from '../tasks/index.ts';
import { trainingSearch } from '../trainings/index.ts';
import { peopleSearch } from '../users/index.ts';

/** Each group's part, written by the module that owns the rows and their scope. */
const SOURCES: Record<SearchType, SearchSource> = {
  people: peopleSearch,
  articles: articleSearch,
  news: newsSearch,
  documents: documentSearch,
  trainings: trainingSearch,
  claims: claimSearch,
  tasks: taskSearch,
};

export interface SearchQuery {
  q: string;
  types?: readonly SearchType[] | undefined;
  limit?: number | undefined;
}

/**
 * GET /search: every group the person may see (of those asked), in one statement after the one
 * that reads the terms; a query of which nothing can match (punctuation only) asks no more.
 */
export async function search({ db }: ServiceDeps<'db'>, actor: Actor, { q, types, limit = SEARCH_DEFAULT_LIMIT }: SearchQuery): Promise<SearchResponse> {
  const asked = SEARCH_TYPES.filter((t) => (!types || types.includes(t)) && SOURCES[t](actor, NOTHING, limit));
  if (!asked.length) return { q, groups: [] };
  const { words, numbers } = queryChunks(q);
  const terms = words.length || numbers.length ? await searchTerms(db, q) : null;
  if (!terms) return { q, groups: asked.map(empty) };
  const parts = asked.map((t) => SOURCES[t](actor, terms, limit)!);
  // The header asks all groups: one text per kind of person, prepared once per connection.
  const statement = sql.join(parts, sql` union all `);
  const rows = await (types ? rowsOf : preparedRows)<{ type: SearchType; total: number; hits: SearchGroup['hits'] }>(db, statement);
  const byType = new Map(rows.map((r) => [r.type, r]));
  const groups = asked.map((type) => {
    const row = byType.get(type);
    return row ? ({ type, total: Math.min(row.total, SEARCH_TOTAL_CAP), capped: row.total > SEARCH_TOTAL_CAP, hits: row.hits } as SearchGroup) : empty(type);
  });
  return { q, groups };
}

/** Terms that match nothing, to ask the sources only whether the person sees their group. */
const NOTHING: SearchTerms = { query: sql`''::tsquery`, numbers: sql`'{}'::text[]` };
const empty = (type: SearchType) => ({ type, total: 0, capped: false, hits: [] }) as SearchGroup;
