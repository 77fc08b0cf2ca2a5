import type { InfiniteData } from '@tanstack/react-query';

/**
 * `getNextPageParam` of an appended list paged by offset ('Weitere Einträge anzeigen'): the next
 * step starts at the number of rows already shown, while the server holds more.
 */
export function nextFrom<P>(rowsOf: (page: P) => readonly unknown[], countOf: (page: P) => number) {
  return (last: P, pages: P[]): number | undefined => {
    const shown = pages.reduce((n, p) => n + rowsOf(p).length, 0);
    return rowsOf(last).length > 0 && shown < countOf(last) ? shown : undefined;
  };
}

/** The rows of all loaded steps and the server's total. */
export function flattenPages<P extends { count: number }, R>(data: InfiniteData<P, unknown> | undefined, rowsOf: (page: P) => R[]) {
  if (!data) return { rows: [] as R[], count: 0 };
  return { rows: data.pages.flatMap(rowsOf), count: data.pages.at(-1)?.count ?? 0 };
}
