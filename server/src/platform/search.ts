import { sql, type SQL } from 'drizzle-orm';
import { customType, index, PgDialect, pgTable, text } from 'drizzle-orm/pg-core';
import { SEARCH_TOTAL_CAP, SEARCH_TYPO_MIN_LENGTH, type SearchType } from '@filialportal/core/search';
import type { Actor } from './access.ts';
import type { Db } from './db.ts';
import { preparedTextRows } from './prepared.ts';

/**
 * The portal's one search (ARCHITECTURE §9): PostgreSQL full-text search and `pg_trgm`, the same on
 * PGlite. Every searchable table carries a generated `search` column made with the configuration
 * `search_de` (migration 0032): German Snowball stems without stop words, so 'Straße' and
 * 'strasse' both become 'strass', 'Müller' and 'muller' both 'mull', and a name starting like a stop
 * word ('An…') is still found while typing. Its lexemes are collected in `search_words` (a trigger
 * per table), where the trigram index finds the lexemes one typo away from a query word.
 * Each domain writes its group as one SQL part with its own page's scope (`SearchSource`); the
 * search module runs all parts in one statement.
 */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A table's `search` column: the given text parts with their weights (A heaviest). */
export function searchVector(parts: readonly [SQL, 'A' | 'B' | 'C' | 'D'][]): SQL {
  return sql.join(
    parts.map(([text, weight]) => sql`setweight(to_tsvector('search_de'::regconfig, coalesce(${text}, '')), ${sql.raw(`'${weight}'`)})`),
    sql` || `,
  );
}

/** Every lexeme of the searchable tables, for typo tolerance (filled by the tables' triggers). */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)]);

/** What one query asks, as the values that go into the parts' `query` and `numbers`. */
export interface SearchTermValues {
  /** A tsquery's text. */
  query: string;
  /** A text[] literal. */
  numbers: string;
  /** A text[] literal: the query's words and numbers as typed (lower-case), where a passage starts. */
  typed: string;
}

/** What one query asks, ready for the parts. */
export interface SearchTerms {
  /** The words and numbers as a tsquery: each word a prefix or a lexeme one typo away, numbers exact. */
  query: SQL;
  /** Chunks with a digit (article and claim numbers, EANs), lower-case, as a text[] (maybe empty) for exact matches. */
  numbers: SQL;
  /** The words and numbers as typed, lower-case, as a text[]: to find the passage of a long text. */
  typed: SQL;
  /**
   * Known when the statement is built: every word is under three letters and there is no number.
   * Such a prefix ('ei') matches nearly every long text, so long texts answer it by their name only.
   */
  short: boolean;
}

/** One group's part of the statement: a single row of `type`, `total` and `hits` (jsonb, best first). */
export type SearchSource = (actor: Actor, terms: SearchTerms, limit: number) => SQL | null;

/** The chunks of a query: letter words (split at everything else) and chunks with a digit. */
export function queryChunks(q: string): { words: string[]; numbers: string[] } {
  const chunks = q.toLowerCase().split(/\s+/).filter(Boolean);
  const numbers = chunks.filter((c) => /\p{N}/u.test(c)).map((c) => c.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''));
  const words = chunks.filter((c) => !/\p{N}/u.test(c)).flatMap((c) => c.split(/[^\p{L}]+/u));
  const long = words.filter((w) => w.length > 1);
  // A lone letter narrows nothing but costs a scan of every lexeme it starts; kept only when alone.
  return { words: [...new Set(long.length || numbers.length ? long : words.filter(Boolean))].slice(0, 8), numbers: [...new Set(numbers.filter(Boolean))].slice(0, 4) };
}

/** Whether a query is `short` (see SearchTerms). */
export function isShortQuery(q: string): boolean {
  const { words, numbers } = queryChunks(q);
  return numbers.length === 0 && words.every((w) => w.length < SHORT_WORD);
}
const SHORT_WORD = 3;

/** Whether `a` becomes `b` by one inserted, removed or replaced letter. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Strings as one text[] literal (a list in a template would become several parameters). */
const arrayLiteral = (values: readonly string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

const quoteLexeme = (w: string) => `'${w.replace(/'/g, "''")}'`;

/**
 * The terms of a query, in one small statement: each word as a prefix of its stem, widened by the
 * lexemes one typo away for a word of five letters or more that begins no lexeme as typed (the
 * trigram index of `search_words` proposes, `oneEditApart` decides), each number as an exact phrase.
 * A word found as typed stays as it is: 'Schmidt' finds the Schmidts, not the Schmitts beside them
 * (the ranking could not tell them apart), and the costlier similarity search is left out. The result is one tsquery
 * value, so the search statement keeps one text for every query (a prepared statement). Null when
 * nothing of the query can match.
 */
export async function searchTerms(db: Db, q: string): Promise<SearchTermValues | null> {
  const { words, numbers } = queryChunks(q);
  const rows = await preparedTextRows<{ query: string; stem: string | null; near: string[] }>(db, termsStatement().sql, [arrayLiteral(words), arrayLiteral(numbers)]);
  const parts = rows.flatMap(({ query, stem, near }) => {
    const alternatives = stem === null ? [] : near.filter((n) => oneEditApart(stem, n)).map(quoteLexeme);
    return query ? [alternatives.length ? `(${query} | ${alternatives.join(' | ')})` : `(${query})`] : [];
  });
  if (!parts.length) return null;
  return { query: parts.join(' & '), numbers: arrayLiteral(numbers), typed: typedWords(q) };
}

/** The statement of `searchTerms`, its words as $1 and its numbers as $2: built once, prepared per connection. */
const termsStatement = once(() =>
  new PgDialect().sqlToQuery(sql`
    with w as (select word, ord, coalesce((ts_lexize('search_de_stem', word))[1], word) as stem from unnest($1::text[]) with ordinality as u(word, ord))
    select to_tsquery('search_de', quote_literal(w.word) || ':*')::text as query, w.stem,
      case when length(w.word) >= ${sql.raw(String(SEARCH_TYPO_MIN_LENGTH))} and not exists (select 1 from ${searchWords} s where s.word like w.stem || '%') then array(select s.word from ${searchWords} s where s.word % w.stem
        order by similarity(s.word, w.stem) desc limit 12) else '{}' end as near
    from w
    union all select phraseto_tsquery('search_de', n)::text, null, '{}' from unnest($2::text[]) as n`),
);

function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/**
 * One group as its part of the statement: `candidates` yields `id` and `rank` of every match the
 * person may see (the domain's scope inside). A window of SEARCH_TOTAL_CAP + 1 of them is read,
 * counted and ranked, and the best `limit` become hits through `hit` (a jsonb object over the
 * tables that `from` joins to `best`). Ranking and counting stop at the window: a common prefix
 * must cost no more than a rare word, and a long document's vector is read for its window only.
 */
export function searchGroup(type: SearchType, parts: { candidates: SQL; from: SQL; hit: SQL; limit: number }): SQL {
  const { candidates, from, hit, limit } = parts;
  // The limits and the type are written into the text, not sent as values: a prepared statement's
  // generic plan guesses a tenth of the table for a limit it does not know, and then reads claims or
  // trainings whole instead of through their search index.
  return sql`(with c as materialized (${candidates} limit ${sql.raw(String(SEARCH_TOTAL_CAP + 1))}),
      best as (select c.id, c.rank from c order by c.rank desc, c.id limit ${sql.raw(String(Math.trunc(limit)))})
    select '${sql.raw(type)}'::text as type, (select count(*) from c)::int as total,
      coalesce((select jsonb_agg(${hit} order by best.rank desc, best.id) from best ${from}), '[]'::jsonb) as hits)`;
}

/**
 * The passage of a text around the matched words, marked « », for a result row. ts_headline parses
 * every word it is given, so it gets a window of PASSAGE_WINDOW characters around the first place a
 * typed word or its stem occurs ('kassen' as 'kass' in 'Kasse'; the stem alone where the word starts
 * with it), or the text's beginning where neither does (an umlaut typed without, a typo): the
 * passage of a long handbook is found without parsing it all. The place is found by a literal
 * (`***=`), case-blind regular expression, which stops at the first one: lower-casing a 200,000
 * character text to search it cost four times as much. A window that starts inside a word starts
 * after it, so no passage begins with half a word.
 */
export const passage = (text: SQL, terms: Pick<SearchTerms, 'query' | 'typed'>): SQL =>
  sql`(select ts_headline('search_de', case when w.s > 1 then regexp_replace(substr(p.t, w.s, ${sql.raw(String(PASSAGE_WINDOW))}), '^[^[:space:]]*[[:space:]]+', '') else left(p.t, ${sql.raw(String(PASSAGE_WINDOW))}) end,
      ${terms.query}, 'MaxWords=24, MinWords=10, MaxFragments=1, StartSel=«, StopSel=»')
    from (select ${text} as t) p,
      lateral (select greatest(1, coalesce((select min(nullif(regexp_instr(p.t, '***=' || x, 1, 1, 0, 'i'), 0))
        from unnest(${terms.typed}) u, lateral (select (ts_lexize('search_de_stem', u))[1] as stem) l,
          unnest(case when starts_with(u, l.stem) then array[l.stem] else array[u, l.stem] end) x), 1) - ${sql.raw(String(PASSAGE_LEAD))}) as s) w)`;
const PASSAGE_WINDOW = 320;
/** Characters before the first occurrence: the words before it (a passage holds up to 24 words, some 200 characters). */
const PASSAGE_LEAD = 100;

/** The words of a query as typed (lower-case), as the text[] value `passage` looks for. */
export const typedWords = (q: string): string => {
  const { words, numbers } = queryChunks(q);
  return arrayLiteral([...words, ...numbers]);
};
