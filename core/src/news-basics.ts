/**
 * The plain values of news: categories, page sizes, limits, the text of HTML and the dashboard's teaser.
 * Without schemas, so the web app's always-loaded code (navigation, counters, dashboard) reads
 * them without loading zod; `news.ts` exports them with its schemas.
 */

/** News categories, one tab each; the first is the default (spec 3 §5, §9). */
export const NEWS_CATEGORIES = ['Allgemein', 'Personal', 'Sortiment'] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

/** News per 'load more' step on the news page; the dashboard asks for 3 per category. */
export const NEWS_PAGE_SIZE = 10;
export const DASHBOARD_NEWS_PER_CATEGORY = 3;
/** A news date may lie at most this many months back (spec 3 §5); older news is the archive. */
export const NEWS_MAX_MONTHS_BACK = 5;
/** Scheduled publishing reaches at most this far ahead. */
export const NEWS_MAX_MONTHS_AHEAD = 24;
/** Comments: at most 300 characters (spec 3 §5). */
export const COMMENT_MAX = 300;
/** The dashboard cuts the text to this many characters with an ellipsis. */
export const DASHBOARD_TEXT_CHARS = 150;
/** The attachment as base64 in the JSON body (spec 3 §3 `file`): at most this many bytes decoded. */
export const NEWS_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** Attachment types (spec 3 §5). */
export const NEWS_FILE_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'heic', 'heif', 'mp4', 'hevc', 'mov'] as const;
/** Likes and comments are kept per entity; news is the first (spec 3 §3 Comment: entity News). */
export const LIKE_ENTITIES = ['News'] as const;
/** Pages with a seen marker and a navigation counter (PUT /seen/{page}). */
export const SEEN_PAGES = ['news', 'claims', 'trainings', 'advertising'] as const;
export type SeenPage = (typeof SEEN_PAGES)[number];

/** Days in a month back from a YYYY-MM-DD day, clamped to the month's end (31.07. − 5 months → 28./29.02.). */
export function monthsBefore(isoDay: string, months: number): string {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Text content of HTML as a person reads it (tags dropped, entities of spaces folded). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first `chars` characters of the text with an ellipsis when cut (dashboard). */
export function teaser(html: string, chars = DASHBOARD_TEXT_CHARS): string {
  const text = htmlToText(html);
  return text.length <= chars ? text : `${text.slice(0, chars).trimEnd()}…`;
}
