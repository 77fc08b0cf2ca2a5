import { useEffect } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { LIVE_KINDS, liveKindsOf, type LiveKind } from '@filialportal/core/live';
import { session } from '../api/session.ts';
import { afterFirstView } from '../shell-api/first-view.ts';

/**
 * What to read again per counter, as the features declare it with their counters (`rereads`):
 * the counter, and the lists that show the same things.
 */
export type LiveRereads = Readonly<Record<LiveKind, readonly QueryKey[]>>;

/** A server-sent event: its name and data. */
export interface ServerEvent {
  event: string;
  data: string;
}

/**
 * Splits a text/event-stream into events (WHATWG HTML, "event stream interpretation"): `feed`
 * takes the next piece of text and returns the events it completed; comments and ids are skipped.
 */
export function eventStreamParser() {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  return (chunk: string): ServerEvent[] => {
    buffer += chunk;
    const out: ServerEvent[] = [];
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n') });
        event = '';
        data = [];
      } else if (!line.startsWith(':')) {
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
    }
    return out;
  };
}

/** The counters named by a `changed` event; nothing for anything malformed. */
export function changedKinds(data: string): LiveKind[] {
  try {
    return liveKindsOf(JSON.parse(data)) ?? [];
  } catch {
    return [];
  }
}

/**
 * Rereads the named counters, each browser a little later than the next, so a whole company does
 * not ask in the same millisecond. While the person's own change is on its way (an optimistic
 * tick), the reread waits for it: an answer from before it would briefly undo the tick.
 */
function refresh(client: QueryClient, rereads: LiveRereads, kinds: readonly LiveKind[]) {
  const run = () => {
    if (client.isMutating() > 0) return void setTimeout(run, 300);
    for (const kind of kinds) for (const queryKey of rereads[kind]) void client.invalidateQueries({ queryKey });
  };
  setTimeout(run, Math.random() * 500);
}

const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;
/** A new stream within this time after the old one ended on purpose has missed nothing. */
const CLEAN_GAP_MS = 1_000;

/**
 * Keeps one event stream (GET /api/events) open while someone is logged in and rereads a
 * navigation counter when the server says it changed. The stream is read with fetch, since an
 * EventSource cannot send the bearer token. When it breaks, it opens again after 2 s (doubling up
 * to a minute while the server cannot be reached) and rereads all counters, as events may have
 * been missed meanwhile; after the server's planned end of a stream the next one follows at
 * once, and nothing is reread. The counters' own slow polling stays as the fallback behind proxies that
 * buffer streams.
 */
export function useLiveCounters(rereads: LiveRereads) {
  const client = useQueryClient();
  useEffect(() => {
    let stopped = false;
    let controller: AbortController | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = RETRY_FIRST_MS;
    let first = true;
    /** When the last stream ended by the server's choice; a reconnect right after it missed nothing worth a reread. */
    let endedCleanlyAt = 0;

    const connect = async () => {
      const token = session.token();
      if (stopped || !token) return;
      controller = new AbortController();
      try {
        const response = await fetch('/api/events', { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' }, signal: controller.signal });
        // A refused stream is left alone: the next ordinary call reports the lost session.
        if (response.status === 401 || response.status === 403 || response.status === 406 || response.status === 408) return;
        if (!response.ok || !response.body) throw new Error(`events ${response.status}`);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        const parse = eventStreamParser();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          for (const e of parse(value)) {
            if (e.event === 'ready') {
              retryMs = RETRY_FIRST_MS;
              if (!first && Date.now() - endedCleanlyAt > CLEAN_GAP_MS) refresh(client, rereads, LIVE_KINDS);
              first = false;
            } else if (e.event === 'changed') refresh(client, rereads, changedKinds(e.data));
          }
        }
        // The server ended the stream on purpose (every few minutes): open the next one at once.
        retryMs = RETRY_FIRST_MS;
        endedCleanlyAt = Date.now();
        schedule(0);
      } catch {
        if (stopped) return;
        schedule(retryMs);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      }
    };
    const schedule = (ms: number) => {
      if (stopped) return;
      clearTimeout(timer);
      timer = setTimeout(() => void connect(), ms);
    };

    // Not while the page's first view is still being drawn: it needs the line first.
    const cancel = afterFirstView(() => void connect());
    return () => {
      stopped = true;
      cancel();
      clearTimeout(timer);
      controller?.abort();
    };
  }, [client, rereads]);
}
