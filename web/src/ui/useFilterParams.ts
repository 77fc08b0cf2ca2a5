import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { parseYearFilter } from '@filialportal/core/absences';
import { ALL_LOCATIONS } from './LocationSelect.tsx';
import { editQuery } from './edit-query.ts';

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

/** Their names in the address. */
const KEYS: Record<keyof ListFilters, string> = { location: 'standort', search: 'suche', year: 'jahr', sort: 'sortierung' };

/**
 * List filters kept in the address (?standort=…&suche=…&jahr=…&sortierung=…), so a reload, a
 * deep link and the back button keep them; without them the list starts unfiltered.
 */
export function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const year = parseYearFilter(params.get(KEYS.year) ?? '');
  const filters: ListFilters = {
    location: params.get(KEYS.location) || ALL_LOCATIONS,
    search: params.get(KEYS.search)?.trim() ?? '',
    year: typeof year === 'number' ? String(year) : '',
    sort: params.get(KEYS.sort) ?? '',
  };

  const update = (changes: Partial<ListFilters>) =>
    editQuery(setParams, (next) => {
      for (const [key, value] of Object.entries(changes) as [keyof ListFilters, string][]) {
        if (!value || (key === 'location' && value === ALL_LOCATIONS)) next.delete(KEYS[key]);
        else next.set(KEYS[key], value);
      }
    });

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

  return { filters, update, params, setParams, carried };
}

/**
 * The text of a search field whose term applies after `delayMs` (spec 1 §9: 300 ms). The field
 * follows when the applied term changes from outside (reset, back button).
 */
export function useDebouncedField(applied: string, apply: (term: string) => void, delayMs = 300) {
  const [input, setInput] = useState(applied);
  const [debounced] = useDebouncedValue(input.trim(), delayMs);
  const [shown, setShown] = useState(applied);

  if (shown !== applied) {
    setShown(applied);
    if (applied !== input.trim()) setInput(applied);
  }

  useEffect(() => {
    if (debounced !== applied) apply(debounced);
    // Only a new debounced term applies; `applied` is read for the comparison.
  }, [debounced]);

  return [input, setInput] as const;
}
