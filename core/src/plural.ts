/**
 * German numbers with their nouns: one helper for every place where a count meets a word, so
 * nobody reads '1 Tage' or '1 Plätze frei'. Exactly one (also −1) takes the singular; zero,
 * fractions and everything else the plural ('0 Tage', '0,5 Tage', '1 Tag', '2 Tage').
 */

/** The singular or plural form of a word for a count. */
export function plural(n: number, one: string, many: string): string {
  return Math.abs(n) === 1 ? one : many;
}

// Built once: toLocaleString builds a formatter on every call, costly on every row of a list.
const countFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** A count in German digits (1.234,5; at most two decimals). */
export function formatCount(n: number): string {
  return countFormat.format(n);
}

/** The count with its word: countOf(1, 'Platz', 'Plätze') → '1 Platz', countOf(1234, 'Tag', 'Tage') → '1.234 Tage'. */
export function countOf(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${plural(n, one, many)}`;
}
