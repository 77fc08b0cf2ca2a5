/**
 * Whether the page's first view is drawn: the login page, a page with its content, the dashboard
 * with its cards. What the first view does not show (the bell's count, the live event stream,
 * the service worker) waits for it, so on a phone network it does not compete with the page for
 * the line and the processor. A page that never says so (an error, a page still loading) lets
 * them start after FIRST_VIEW_MAX_MS. Imports nothing: the page's first script uses it.
 */
const FIRST_VIEW_MAX_MS = 3_000;

let shown = false;
const waiting = new Set<() => void>();
let fallback: ReturnType<typeof setTimeout> | undefined;

export function markFirstViewShown(): void {
  if (shown) return;
  shown = true;
  clearTimeout(fallback);
  for (const run of [...waiting]) run();
  waiting.clear();
}

export function firstViewShown(): boolean {
  return shown;
}

/** Runs `run` once the first view is drawn (at once if it is); the returned function cancels it. */
export function afterFirstView(run: () => void): () => void {
  if (shown) {
    run();
    return () => undefined;
  }
  waiting.add(run);
  fallback ??= setTimeout(markFirstViewShown, FIRST_VIEW_MAX_MS);
  return () => waiting.delete(run);
}
