/**
 * GET calls a page starts before the code that reads their answers has loaded: the current user,
 * as a page opened with a session starts (app/session-start.ts). The first api() call for the
 * same path takes the answer instead of asking again and handles it as its own (client.ts).
 * This module imports nothing, so the page's first script stays small.
 */
const started = new Map<string, { at: number; response: Promise<Response> }>();

/** An answer not taken within this time is left: it would be old news to a later call. */
const KEPT_MS = 10_000;

export function startEarly(path: string, token: string): void {
  if (started.has(path)) return;
  const response = fetch(path, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
  // Read by the call that takes it; until then a failure must not count as unhandled.
  response.catch(() => undefined);
  started.set(path, { at: Date.now(), response });
}

/** The answer of an early GET of `path`, once. */
export function takeEarly(path: string): Promise<Response> | undefined {
  const early = started.get(path);
  started.delete(path);
  return early && Date.now() - early.at < KEPT_MS ? early.response : undefined;
}
