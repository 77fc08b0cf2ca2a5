import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';

/** Rows per page of the settings lists (spec 3 §9). */
export const SETTINGS_PAGE_SIZE = 6;

/** Number of pages for `count` rows at SETTINGS_PAGE_SIZE. */
export function pageCount(count: number | undefined): number {
  return Math.ceil((count ?? 0) / SETTINGS_PAGE_SIZE);
}

/**
 * State of a searchable, sortable, paged list: the typed search, its debounced term, the sort
 * (''|field|-field) and the page (counted from 1). A new term or sort starts at the first page.
 */
export function useListState({ debounceMs = 300 }: { debounceMs?: number } = {}) {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), debounceMs);
  const [sort, setSortState] = useState('');
  const [page, setPage] = useState(1);
  const [lastTerm, setLastTerm] = useState(term);

  if (lastTerm !== term) {
    setLastTerm(term);
    setPage(1);
  }

  const setSort = (next: string) => {
    setSortState(next);
    setPage(1);
  };

  return { search, setSearch, term, sort, setSort, page, setPage };
}
