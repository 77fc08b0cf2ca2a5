/**
 * The navigation counters the server pushes changes of (GET /api/events): each names the
 * counter a browser reads again when the event arrives. 'notifications' (the bell) goes only to
 * the streams of the people concerned.
 */
export const LIVE_KINDS = ['tasks', 'claims', 'trainings', 'advertising', 'news', 'notifications'] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

/**
 * The counters named by the data of an event `changed` on the stream (an array of kinds), or null
 * for anything else. Plain code rather than a schema: the web app's shell reads it and loads no zod.
 */
export function liveKindsOf(value: unknown): LiveKind[] | null {
  const kinds: readonly unknown[] = LIVE_KINDS;
  return Array.isArray(value) && value.every((v) => kinds.includes(v)) ? (value as LiveKind[]) : null;
}
