import { sql } from 'drizzle-orm';
import { SEARCH_DEFAULT_LIMIT, SEARCH_TOTAL_CAP, SEARCH_TYPES, type SearchGroup, type SearchResponse, type SearchType } from '@filialportal/core/search';
import type { Actor } from '../../platform/access.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { queryChunks, rowsOf, searchTerms, type SearchSource } from '../../platform/search.ts';
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
 * GET /search: every group the person may see (of those asked), in one statement; a query of
 * nothing but punctuation matches nothing without asking the database.
 */
export async function search({ db }: ServiceDeps<'db'>, actor: Actor, { q, types, limit = SEARCH_DEFAULT_LIMIT }: SearchQuery): Promise<SearchResponse> {
  const asked = SEARCH_TYPES.filter((t) => !types || types.includes(t));
  const { words, numbers } = queryChunks(q);
  if (!words.length && !numbers.length) return { q, groups: asked.filter((t) => SOURCES[t](actor, NOTHING, limit)).map((type) => empty(type)) };
  const terms = await searchTerms(db, q);
  const parts = asked.map((t) => SOURCES[t](actor, terms, limit)).filter((p) => p !== null);
  if (!parts.length) return { q, groups: [] };
  const rows = await rowsOf<{ type: SearchType; total: number; hits: SearchGroup['hits'] }>(db, sql.join(parts, sql` union all `));
  const byType = new Map(rows.map((r) => [r.type, r]));
  const groups = asked.flatMap((type) => {
    const row = byType.get(type);
    return row ? [{ type, total: Math.min(row.total, SEARCH_TOTAL_CAP), capped: row.total > SEARCH_TOTAL_CAP, hits: row.hits } as SearchGroup] : [];
  });
  return { q, groups };
}

/** Terms that match nothing, to ask the sources only whether the person sees their group. */
const NOTHING = { query: sql`''::tsquery`, numbers: null };
const empty = (type: SearchType) => ({ type, total: 0, capped: false, hits: [] }) as SearchGroup;
