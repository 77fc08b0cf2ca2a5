import { fillPlaceholders, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { SEARCH_DEFAULT_LIMIT, SEARCH_TOTAL_CAP, SEARCH_TYPES, type SearchGroup, type SearchResponse, type SearchType } from '@filialportal/core/search';
import type { Actor } from '../../platform/access.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { todayIso } from '../../platform/dates.ts';
import { builtPerActor, preparedTextRows, textRows } from '../../platform/prepared.ts';
import { isShortQuery, queryChunks, searchTerms, type SearchSource, type SearchTerms } from '../../platform/search.ts';
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

/** Where the query's terms go in a built statement: filled in per request. */
const TERMS: Omit<SearchTerms, 'short'> = {
  query: sql`${sql.placeholder('query')}::tsquery`,
  numbers: sql`${sql.placeholder('numbers')}::text[]`,
  typed: sql`${sql.placeholder('typed')}::text[]`,
};

interface Built {
  /** The groups the person sees, of those asked. */
  asked: SearchType[];
  text: string;
  params: unknown[];
}

const dialect = new PgDialect();

/**
 * The statement of one person's search, built once per cached person (their permissions and
 * locations fixed in it), kind of request and day (news read 'today'): building the seven parts
 * cost more Node time than running them. A change of rights or location replaces the cached person
 * (platform/actor-cache.ts), and with it this cache.
 */
const builtFor = builtPerActor<Built>();
function build(actor: Actor, types: readonly SearchType[] | undefined, limit: number, short: boolean): Built {
  const key = `${types?.join(',') ?? '*'}|${limit}|${short}|${todayIso()}`;
  return builtFor(actor, key, () => {
    const parts = SEARCH_TYPES.filter((t) => !types || types.includes(t)).flatMap((type) => {
      const part = SOURCES[type](actor, { ...TERMS, short }, limit);
      return part ? [{ type, part }] : [];
    });
    const statement = sql.join(
      parts.map((p) => p.part),
      sql` union all `,
    );
    const { sql: text, params } = dialect.sqlToQuery(statement);
    return { asked: parts.map((p) => p.type), text, params };
  });
}

/**
 * GET /search: every group the person may see (of those asked), in one statement after the one
 * that reads the terms; a query of which nothing can match (punctuation only) asks no more.
 */
export async function search({ db }: ServiceDeps<'db'>, actor: Actor, { q, types, limit = SEARCH_DEFAULT_LIMIT }: SearchQuery): Promise<SearchResponse> {
  const built = build(actor, types, limit, isShortQuery(q));
  if (!built.asked.length) return { q, groups: [] };
  const { words, numbers } = queryChunks(q);
  const terms = words.length || numbers.length ? await searchTerms(db, q) : null;
  if (!terms) return { q, groups: built.asked.map(empty) };
  const params = fillPlaceholders(built.params, { ...terms });
  // The header asks all groups: one text per kind of person, prepared once per connection.
  const rows = await (types ? textRows : preparedTextRows)<{ type: SearchType; total: number; hits: SearchGroup['hits'] }>(db, built.text, params);
  const byType = new Map(rows.map((r) => [r.type, r]));
  const groups = built.asked.map((type) => {
    const row = byType.get(type);
    return row ? ({ type, total: Math.min(row.total, SEARCH_TOTAL_CAP), capped: row.total > SEARCH_TOTAL_CAP, hits: row.hits } as SearchGroup) : empty(type);
  });
  return { q, groups };
}

const empty = (type: SearchType) => ({ type, total: 0, capped: false, hits: [] }) as SearchGroup;
