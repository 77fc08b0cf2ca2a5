/**
 * The plain values of claims: the paging of the lists and the start of article suggestions.
 * Without schemas, so the web app's always-loaded code (navigation, counters, dashboard) reads
 * them without loading zod; `claims.ts` exports them with its schemas.
 */

/** Rows per step of the open and closed lists (the page shows 25 placeholder rows while loading). */
export const CLAIM_PAGE_SIZE = 25;
/** Rows the next step repeats (spec 2 §7: the list starts at max(0, count − 3)). */
export const CLAIM_PAGE_OVERLAP = 3;
/** Article suggestions start with this many characters of a number or decor. */
export const CLAIM_ARTICLE_TERM_MIN = 2;
