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
  /**
   * Announce a change to all instances (through NOTIFY when several share a PostgreSQL); with
   * `users`, only those people's streams hear of it.
   */
  publish(kinds: readonly LiveKind[], users?: readonly string[]): void;
  /** Hand a change that arrived (from NOTIFY or this instance) to this instance's streams; `users` null: everyone's. */
  deliver(kinds: readonly LiveKind[], users?: ReadonlySet<string> | null): void;
  /** Registers the stream of a person; returns its removal. */
  subscribe(send: (kinds: readonly LiveKind[]) => void, userId?: string): () => void;
  /** Open streams on this instance. */
  size(): number;
}

/** A NOTIFY payload holds at most 8,000 bytes; a longer list of people goes to everyone instead. */
const MAX_PAYLOAD = 7_900;

/** Reads a NOTIFY payload ('tasks,news'); anything unknown is dropped, nothing at all means "all". */
export function parseKinds(payload: string | undefined): LiveKind[] {
  if (!payload) return [...LIVE_KINDS];
  return payload.split('|')[0]!.split(',').filter((k): k is LiveKind => (LIVE_KINDS as readonly string[]).includes(k));
}

/** The people a NOTIFY payload names after '|' ('notifications|id1,id2'), or null for everyone. */
export function parseUsers(payload: string | undefined): Set<string> | null {
  const bar = payload?.indexOf('|') ?? -1;
  return payload && bar >= 0 ? new Set(payload.slice(bar + 1).split(',').filter(Boolean)) : null;
}

/**
 * `notify` sends the payload to all instances (pg_notify); without it (the embedded database, a
 * single process) a change is delivered here directly. Announcements within 50 ms are merged,
 * so a burst of writes becomes one event per stream.
 */
export function createLiveHub(opts: { notify?: (payload: string) => Promise<unknown>; log?: FastifyBaseLogger } = {}): LiveHub {
  const streams = new Map<(kinds: readonly LiveKind[]) => void, string | undefined>();
  let pending = new Set<LiveKind>();
  /** Targeted announcements, per kind the people to tell. */
  let targeted = new Map<LiveKind, Set<string>>();
  let timer: NodeJS.Timeout | null = null;

  const send = (kinds: readonly LiveKind[], users: Set<string> | null) => {
    if (!opts.notify) return hub.deliver(kinds, users);
    const payload = users ? `${kinds.join(',')}|${[...users].join(',')}` : kinds.join(',');
    const fits = Buffer.byteLength(payload) <= MAX_PAYLOAD;
    opts.notify(fits ? payload : kinds.join(',')).catch((err: Error) => opts.log?.warn({ err }, 'Zählerstände konnten nicht angekündigt werden'));
  };
  const flush = () => {
    timer = null;
    const kinds = [...pending];
    const people = targeted;
    pending = new Set();
    targeted = new Map();
    if (kinds.length > 0) send(kinds, null);
    for (const [kind, users] of people) send([kind], users);
  };

  const hub: LiveHub = {
    publish(kinds, users) {
      for (const k of kinds) {
        if (!users) pending.add(k);
        else {
          const set = targeted.get(k) ?? new Set();
          for (const u of users) set.add(u);
          targeted.set(k, set);
        }
      }
      timer ??= setTimeout(flush, 50);
      timer.unref?.();
    },
    deliver(kinds, users = null) {
      if (kinds.length === 0) return;
      for (const [send, userId] of streams) if (!users || (userId !== undefined && users.has(userId))) send(kinds);
    },
    subscribe(send, userId) {
      streams.set(send, userId);
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
