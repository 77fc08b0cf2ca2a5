import { useSyncExternalStore } from 'react';

/**
 * Whether the portal reaches its server: the browser says it is online and the last API call did
 * not fail for lack of a connection. The client (client.ts) reports every call's outcome; while
 * the server is out of reach although the browser is online, a small public call tries again
 * every few seconds, so the notice goes when the server is back even if nothing else asks.
 */
const PROBE_MS = 5000;

let browserOnline = true;
let unreachable = false;
let probe: ReturnType<typeof setInterval> | undefined;
let started = false;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

function start() {
  if (started || typeof window === 'undefined') return;
  started = true;
  browserOnline = navigator.onLine;
  window.addEventListener('online', () => {
    browserOnline = true;
    emit();
    if (unreachable) checkServer();
  });
  window.addEventListener('offline', () => {
    browserOnline = false;
    emit();
  });
}

function stopProbe() {
  clearInterval(probe);
  probe = undefined;
}

/** Asks the server's public health call; an answer ends 'Keine Verbindung'. */
function checkServer() {
  fetch('/api/health', { cache: 'no-store' }).then(reportReached, () => undefined);
}

/** A call got an answer (any status): the server is reachable. */
export function reportReached() {
  stopProbe();
  if (!unreachable) return;
  unreachable = false;
  emit();
}

/** A call failed without an answer (no network, server down). */
export function reportUnreachable() {
  if (!probe && typeof window !== 'undefined') {
    probe = setInterval(() => navigator.onLine && checkServer(), PROBE_MS);
  }
  if (unreachable) return;
  unreachable = true;
  emit();
}

const subscribe = (listener: () => void) => {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const isOnline = () => browserOnline && !unreachable;

/** True while the server is reachable as far as the page knows; false shows 'Keine Verbindung'. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
