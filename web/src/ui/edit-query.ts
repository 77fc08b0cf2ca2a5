import type { SetURLSearchParams } from 'react-router';

/**
 * Changes the address query in place (replace, no new history entry), starting from the address
 * as it is now rather than as of the last render: two changes before React renders again (a
 * debounced search and a sort click) must both stay, neither bring an old value back.
 */
export function editQuery(setParams: SetURLSearchParams, edit: (query: URLSearchParams) => void) {
  const next = new URLSearchParams(window.location.search);
  edit(next);
  setParams(next, { replace: true });
}
