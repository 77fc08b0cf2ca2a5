import { type Placeholder, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';

/** The settings lists' page size (spec 3 §9). */
export const SETTINGS_PAGE_SIZE = 6;
/** A page number of 9999 asks for all rows (spec 3 §7 location list). */
export const ALL_PAGES = 9999;

export const ZPageParam = z.object({ page: z.coerce.number().int().min(0).max(ALL_PAGES) });

export function pageWindow(page: number, size = SETTINGS_PAGE_SIZE): { limit: number | undefined; offset: number } {
  if (page === ALL_PAGES) return { limit: undefined, offset: 0 };
  return { limit: size, offset: page * size };
}

export function pageCount(count: number, size = SETTINGS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / size));
}

/** Escapes % and _ so a search term matches literally inside LIKE. */
/**
 * A page size written into a statement's text for Drizzle's limit(), which takes it as it takes a
 * placeholder. Sent as `limit $n`, the planner cannot know the page is small: a prepared list then
 * gets a new plan for every request instead of keeping one.
 */
export const pageSize = (n: number): Placeholder => sql.raw(String(Math.trunc(n))) as unknown as Placeholder;

export function likeTerm(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The total of a page's filter, as a column of the page's own statement: PostgreSQL computes the
 * uncorrelated subquery once, so rows and count cost one round trip and one plan instead of two.
 * Pass the count query of the same filter (`db.select({ n: count() }).from(…).where(…)`), or null
 * where no total is wanted.
 */
export function totalColumn(countQuery: SQLWrapper | null): SQL<number> {
  // Without a count (all rows, exports) the column is a constant the caller ignores.
  return countQuery ? sql<number>`(${countQuery})`.mapWith(Number) : sql<number>`0`.mapWith(Number);
}

/**
 * The total from a page's rows; a page past the end has no row to carry it, and only then is the
 * count asked on its own.
 */
export async function totalOf(rows: readonly { total: number }[], countQuery: PromiseLike<{ n: number }[]>): Promise<number> {
  if (rows.length > 0) return rows[0]!.total;
  return (await countQuery)[0]?.n ?? 0;
}
