/**
 * Sorting of lists: a field name, `-field` for descending, '' for none (spec 1 §4).
 * A click cycles none → ascending → descending → none.
 */
export function nextSort(current: string, field: string): string {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return '';
  return field;
}

/** Parses `field` / `-field` into its parts; unknown fields give null. */
export function parseSort<F extends string>(
  sort: string | undefined,
  allowed: readonly F[],
): { field: F; desc: boolean } | null {
  if (!sort) return null;
  const desc = sort.startsWith('-');
  const field = (desc ? sort.slice(1) : sort) as F;
  return allowed.includes(field) ? { field, desc } : null;
}
