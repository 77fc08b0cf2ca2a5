import { useEffect, useSyncExternalStore } from 'react';
import { session } from '../../api/session.ts';
import { QUEUE_CHANNEL, SYNC_TAG } from './count-queue-names.ts';
import { countDb, countsOf, sendWaiting, type QueuedCount } from './offline-store.ts';

/**
 * The page's side of the counts waiting on the device (offline-store.ts): the list as React
 * state, shared by every tab through a BroadcastChannel, and the sending. Sending starts at once,
 * when the network returns, when the page gets the focus again and, after a failure, with a
 * growing pause (2 s … 1 min); where the browser has Background Sync the service worker sends
 * too, also with the page closed. One sender at a time across tabs and the worker (Web Locks);
 * should two send the same count anyway, the server writes it once.
 */
const LOCK = SYNC_TAG;

let userId = '';
let snapshot: QueuedCount[] = [];
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;
let failures = 0;
let retry: ReturnType<typeof setTimeout> | undefined;
let installed = false;

async function reload() {
  if (!userId) return;
  const mine = userId;
  const list = await countsOf(await countDb(), mine);
  if (mine !== userId) return;
  snapshot = list;
  for (const l of listeners) l();
}

/** Every tab (and the header's number) reads the list again. */
function changed() {
  channel?.postMessage('changed');
  void reload();
}

function install() {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(QUEUE_CHANNEL);
  channel?.addEventListener('message', () => void reload());
  window.addEventListener('online', () => void flush());
  window.addEventListener('focus', () => void flush());
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && void flush());
  // The session the service worker sends with: only while there is one on this device.
  session.subscribe(() => void keepSession());
}

/** The person whose counts this page shows and sends; starts sending what waits. */
function start(id: string) {
  install();
  if (id === userId) return;
  userId = id;
  snapshot = [];
  void reload().then(flush);
}

/** The counts of the logged-in person on this device, oldest first. */
export function useCountQueue(id: string): QueuedCount[] {
  useEffect(() => start(id), [id]);
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => (id === userId ? snapshot : EMPTY),
  );
}
const EMPTY: QueuedCount[] = [];

/** How many counts wait to be sent (the scan dialog and the header show it). */
export const waitingOf = (list: QueuedCount[]) => list.filter((c) => c.state === 'waiting').length;

/** Keeps a count on the device and sends it; resolves with its record after the first try. */
export async function addCount(c: Omit<QueuedCount, 'state'>): Promise<QueuedCount | undefined> {
  const db = await countDb();
  await db.put('counts', { ...c, state: 'waiting' });
  changed();
  await keepSession();
  await flush();
  const record = await db.get('counts', c.clientChangeId);
  if (record?.state === 'waiting') void registerSync();
  return record;
}

/** 'Zählung übernehmen' after a conflict: sent again on the stock it was shown. */
export async function confirmCount(id: string) {
  const db = await countDb();
  const c = await db.get('counts', id);
  if (!c) return undefined;
  await db.put('counts', { ...c, state: 'waiting', baseCount: c.current ?? null, current: undefined, changedBy: undefined, changedAt: undefined });
  changed();
  await flush();
  return db.get('counts', id);
}

/** 'Verwerfen': the count goes, nothing is sent. */
export async function dropCount(id: string) {
  await (await countDb()).delete('counts', id);
  changed();
}

/** Sends what waits, one sender at a time; after a failure again later, with a growing pause. */
export async function flush(): Promise<void> {
  const token = session.token();
  if (!token || !userId || !navigator.onLine) return;
  clearTimeout(retry);
  const send = async () => sendWaiting(await countDb(), { token, userId }, changed);
  const done = navigator.locks ? await navigator.locks.request(LOCK, send) : await send();
  if (done) {
    failures = 0;
    return;
  }
  failures++;
  retry = setTimeout(() => void flush(), Math.min(1000 * 2 ** failures, 60_000));
}

/** Background Sync: the browser wakes the service worker to send when it has a network again. */
async function registerSync() {
  const registration = await navigator.serviceWorker?.getRegistration();
  const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
  await sync?.register(SYNC_TAG).catch(() => undefined);
}

/**
 * The service worker has no access to the page's storage: while counts wait, the session is
 * mirrored into the device's database for it, and removed when the session ends.
 */
async function keepSession() {
  const token = session.token();
  const db = await countDb();
  if (!token) return db.delete('session', 'current');
  if (userId) await db.put('session', { token, userId }, 'current');
}
