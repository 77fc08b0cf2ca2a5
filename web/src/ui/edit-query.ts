import type { SetURLSearchParams } from 'react-router';

/**
 * Changes the address query in place (replace, no new history entry), starting from the address
 * as it is now rather than as of the last render: two changes before React renders again (a
 * debounced search and a sort click) must both stay, neither bring an old value back. With
 * `push` the change is a new history entry that the back button returns from (a calendar week).
 */
export function editQuery(setParams: SetURLSearchParams, edit: (query: URLSearchParams) => void, { push = false }: { push?: boolean } = {}) {
  const next = new URLSearchParams(window.location.search);
  edit(next);
  setParams(next, { replace: !push });
}

/** Sets (or, when empty, removes) these keys of the address query; see editQuery. */
export function setQuery(setParams: SetURLSearchParams, changes: Record<string, string>) {
  editQuery(setParams, (next) => {
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
  });
}
