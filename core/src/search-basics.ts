/**
 * The plain values of the portal search: its groups, labels and limits. Without schemas, so the
 * web app's search dialog reads them without loading zod; `search.ts` exports them with its schemas.
 */

/**
 * The one search of the portal (header, `GET /search`): its groups in the order the results show
 * them, each filtered by the scope of its own page.
 */
export const SEARCH_TYPES = ['people', 'articles', 'news', 'documents', 'trainings', 'claims', 'tasks'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_GROUP_LABELS: Record<SearchType, string> = {
  people: 'Kolleginnen und Kollegen',
  articles: 'Artikel',
  news: 'Neuigkeiten',
  documents: 'Dokumente',
  trainings: 'Veranstaltungen',
  claims: 'Beanstandungen',
  tasks: 'Aufgaben',
};

/** A query has 2 to 100 characters; the header starts searching from 2. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** Hits per group: 5 unless asked otherwise, at most 20. */
export const SEARCH_DEFAULT_LIMIT = 5;
export const SEARCH_MAX_LIMIT = 20;
/**
 * Matches are read, counted and ranked up to this many per group; beyond it `total` is this
 * number and `capped` says there are more (a header search narrows by typing, not by paging).
 */
export const SEARCH_TOTAL_CAP = 100;
/** Typos are forgiven in words of five letters or more, one letter each. */
export const SEARCH_TYPO_MIN_LENGTH = 5;

/** The characters of a query, without control characters (NUL included) and outer spaces. */
export const searchText = (q: string) => q.replace(/[\p{Cc}\p{Cf}]/gu, ' ').replace(/\s+/g, ' ').trim();
