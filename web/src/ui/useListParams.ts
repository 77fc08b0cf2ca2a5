import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { parseYearFilter } from '@filialportal/core/absences';
import { ALL_LOCATIONS } from './LocationSelect.tsx';
import { editQuery } from './edit-query.ts';

/** Rows per page of the settings lists (spec 3 §9). */
export const SETTINGS_PAGE_SIZE = 6;

/** Number of pages for `count` rows at SETTINGS_PAGE_SIZE. */
export function pageCount(count: number | undefined): number {
  return Math.ceil((count ?? 0) / SETTINGS_PAGE_SIZE);
}

/** The filters of a list with location, employee search, year and sort. */
export interface ListFilters {
  /** A location id or 'all'. */
  location: string;
  /** The applied search term. */
  search: string;
  /** An applied year 1800–2199 or ''. */
  year: string;
  /** '' (none), 'field' or '-field'. */
  sort: string;
}

/** What a list keeps in the address: the filters and the page (counted from 1). */
export interface ListParamValues extends ListFilters {
  page: number;
}

/** Their names in the address. */
const KEYS: Record<keyof ListParamValues, string> = {
  location: 'standort',
  search: 'suche',
  year: 'jahr',
  sort: 'sortierung',
  page: 'seite',
};

/** The page of the address: a whole number from 1, 1 when missing or wrong. */
function pageOf(value: string | null): number {
  return Math.max(1, Math.floor(Number(value)) || 1);
}

/** Whether a value means "not set" and leaves the address: '', 'all' locations, page 1. */
function isDefault(key: keyof ListParamValues, value: string | number): boolean {
  return value === '' || (key === 'location' && value === ALL_LOCATIONS) || (key === 'page' && value === 1);
}

export interface ListParamsOptions {
  /** Delay between typing and applying the search (spec 1 §9: 300 ms; some lists 200 ms). */
  debounceMs?: number;
}

/**
 * The state of a searchable, sortable, paged list, kept in the address
 * (?suche=…&sortierung=…&seite=…&standort=…&jahr=…), so a reload, a deep link and the back
 * button keep it; without them the list starts unfiltered on its first page.
 *
 * `search` is the text of the search field, applied as `term` after the debounce; a new term,
 * sort, location or year starts at the first page.
 */
export function useListParams({ debounceMs = 300 }: ListParamsOptions = {}) {
  const [params, setParams] = useSearchParams();
  const year = parseYearFilter(params.get(KEYS.year) ?? '');
  const filters: ListFilters = {
    location: params.get(KEYS.location) || ALL_LOCATIONS,
    search: params.get(KEYS.search)?.trim() ?? '',
    year: typeof year === 'number' ? String(year) : '',
    sort: params.get(KEYS.sort) ?? '',
  };
  const page = pageOf(params.get(KEYS.page));

  /** Changes some of the values; a change of anything but the page goes back to page 1. */
  const update = (changes: Partial<ListParamValues>) =>
    editQuery(setParams, (next) => {
      const entries = Object.entries(changes) as [keyof ListParamValues, string | number][];
      if (!('page' in changes)) entries.push(['page', 1]);
      for (const [key, value] of entries) {
        if (isDefault(key, value)) next.delete(KEYS[key]);
        else next.set(KEYS[key], String(value));
      }
    });

  const [search, setSearch] = useDebouncedField(filters.search, (term) => update({ search: term }), debounceMs);

  /** The address query of the filters that carry over to another view of the same list. */
  const carried = (keep: readonly (keyof ListFilters)[] = ['location', 'search', 'year']) => {
    const q = new URLSearchParams();
    for (const key of keep) {
      const value = params.get(KEYS[key]);
      if (value) q.set(KEYS[key], value);
    }
    const s = q.toString();
    return s ? `?${s}` : '';
  };

  return {
    /** The text in the search field. */
    search,
    setSearch,
    /** The applied search term. */
    term: filters.search,
    sort: filters.sort,
    setSort: (sort: string) => update({ sort }),
    page,
    setPage: (next: number) => update({ page: next }),
    filters,
    update,
    params,
    setParams,
    carried,
  };
}


/**
 * The text of a search field whose term applies after `delayMs`. The field follows when the
 * applied term changes from outside (reset, back button, link).
 */
function useDebouncedField(applied: string, apply: (term: string) => void, delayMs: number) {
  const [input, setInput] = useState(applied);
  const [debounced] = useDebouncedValue(input.trim(), delayMs);
  const [shown, setShown] = useState(applied);

  if (shown !== applied) {
    setShown(applied);
    if (applied !== input.trim()) setInput(applied);
  }

  useEffect(() => {
    if (debounced !== applied) apply(debounced);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new debounced term applies; `applied` is read for the comparison
  }, [debounced]);

  return [input, setInput] as const;
}
