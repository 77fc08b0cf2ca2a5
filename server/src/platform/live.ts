import type { FastifyBaseLogger, FastifyInstance, onResponseHookHandler } from 'fastify';
import { LIVE_KINDS, type LiveKind } from '@filialportal/core/live';

export { LIVE_KINDS, type LiveKind };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The navigation counters a successful call of this route may change (pushed to every browser). */
    live?: readonly LiveKind[];
  }
}

/** The PostgreSQL channel on which instances tell each other which counters changed. */
export const LIVE_CHANNEL = 'filialportal_live';

/**
 * Tells every connected browser, on every instance, which navigation counters may have changed.
 * The events carry only the counters' names: each browser reads its own numbers again through
 * the usual routes, so permissions and the per-person "seen" state stay where they are.
 */
export interface LiveHub {
  /** Announce a change to all instances (through NOTIFY when several share a PostgreSQL). */
  publish(kinds: readonly LiveKind[]): void;
  /** Hand a change that arrived (from NOTIFY or this instance) to this instance's streams. */
  deliver(kinds: readonly LiveKind[]): void;
  /** Registers a stream; returns its removal. */
  subscribe(send: (kinds: readonly LiveKind[]) => void): () => void;
  /** Open streams on this instance. */
  size(): number;
}

/** Reads a NOTIFY payload ('tasks,news'); anything unknown is dropped, nothing at all means "all". */
export function parseKinds(payload: string | undefined): LiveKind[] {
  if (!payload) return [...LIVE_KINDS];
  return payload.split(',').filter((k): k is LiveKind => (LIVE_KINDS as readonly string[]).includes(k));
}

/**
 * `notify` sends the payload to all instances (pg_notify); without it (the embedded database, a
 * single process) a change is delivered here directly. Announcements within 50 ms are merged,
 * so a burst of writes becomes one event per stream.
 */
export function createLiveHub(opts: { notify?: (payload: string) => Promise<unknown>; log?: FastifyBaseLogger } = {}): LiveHub {
  const streams = new Set<(kinds: readonly LiveKind[]) => void>();
  let pending = new Set<LiveKind>();
  let timer: NodeJS.Timeout | null = null;

  const flush = () => {
    timer = null;
    const kinds = [...pending];
    pending = new Set();
    if (opts.notify) {
      opts.notify(kinds.join(',')).catch((err: Error) => opts.log?.warn({ err }, 'Zählerstände konnten nicht angekündigt werden'));
    } else hub.deliver(kinds);
  };

  const hub: LiveHub = {
    publish(kinds) {
      for (const k of kinds) pending.add(k);
      timer ??= setTimeout(flush, 50);
      timer.unref?.();
    },
    deliver(kinds) {
      if (kinds.length === 0) return;
      for (const send of streams) send(kinds);
    },
    subscribe(send) {
      streams.add(send);
      return () => streams.delete(send);
    },
    size: () => streams.size,
  };
  return hub;
}

/**
 * After a successful call of a route that declares `live`, its counters are announced. The hook
 * goes only onto those routes (at their registration), so every other request pays nothing.
 */
export function registerLiveAnnouncements(app: FastifyInstance, live: LiveHub) {
  app.addHook('onRoute', (route) => {
    const kinds = route.config?.live;
    if (!kinds) return;
    const announce: onResponseHookHandler = (_req, reply, done) => {
      if (reply.statusCode < 300) live.publish(kinds);
      done();
    };
    route.onResponse = [...(route.onResponse ? [route.onResponse].flat() : []), announce];
  });
}
