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
export function likeTerm(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
