/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { QUEUE_CHANNEL, SYNC_TAG } from '../src/features/stock/count-queue-names.ts';
import { countDb, sendWaiting } from '../src/features/stock/offline-store.ts';

/**
 * The portal's service worker (docs/decisions/web-service-worker-und-offline-huelle.md): the
 * offline shell, updates on request, and the push messages of the notification centre. It caches
 * the app shell only: the precache list the build writes into it (index.html, the hashed scripts
 * and styles, the icons and the manifest). API answers carry personal data and are never
 * cached: this worker registers no route for /api/, so those requests go to the network as if
 * it were not there, and fail without network (the app then says 'Keine Verbindung').
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
// A new version's precache replaces the old one's; caches of older Workbox versions go too.
cleanupOutdatedCaches();

// Every page of the app is index.html (the router draws it), also without network. Not for
// /api/ (the API documentation is a page of the server) and not for files that exist on their
// own (a download link, the manifest).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|\?|$)/, /^[^?]*\/[^/?]+\.[a-z0-9]+(\?.*)?$/i],
  }),
);

// The barcode reader's WebAssembly (1 MB, not precached: only who scans needs it) is kept at its
// first fetch, which the scan dialog makes when it stores a category for counting without
// network; its hashed name changes with each new version, so one entry is enough.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.wasm'),
  new CacheFirst({ cacheName: 'filialportal-scanner', plugins: [new ExpirationPlugin({ maxEntries: 2 })] }),
);

/**
 * Background Sync: the browser wakes the worker when it has a network again, also with the page
 * closed, and the worker sends the counts waiting on the device (features/stock/count-queue.ts),
 * one sender at a time with the pages. A failure makes the browser try again later.
 */
self.addEventListener('sync', (event) => {
  const e = event as ExtendableEvent & { tag?: string };
  if (e.tag === SYNC_TAG) e.waitUntil(sendCounts());
});

async function sendCounts() {
  const db = await countDb();
  const session = await db.get('session', 'current');
  if (!session) return;
  const channel = new BroadcastChannel(QUEUE_CHANNEL);
  const send = () => sendWaiting(db, session, () => channel.postMessage('changed'));
  const done = await self.navigator.locks.request(SYNC_TAG, send);
  channel.close();
  if (!done) throw new Error('Zählungen warten weiter');
}

// A new version waits until the person chooses 'neu laden' ('Neue Version verfügbar'), so a
// page never runs code from two versions at once; the page sends this message (src/app/pwa.ts).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** A push message of the server (server/src/modules/notifications/outbox.ts): a title and a link, nothing personal. */
interface PushPayload {
  title?: string;
  link?: string;
  tag?: string;
}

self.addEventListener('push', (event) => {
  let payload: PushPayload = {};
  try {
    payload = (event.data?.json() ?? {}) as PushPayload;
  } catch {
    // Not JSON: the portal's own name stands in for the title.
  }
  event.waitUntil(
    self.registration.showNotification(payload.title || 'Filialportal', {
      icon: '/icons/icon-192.png',
      lang: 'de',
      tag: payload.tag,
      data: { link: payload.link ?? '/' },
    }),
  );
});

// A tap opens the notification's page in the portal: in an open window of it, or in a new one.
// Only the portal's own pages: a link to elsewhere opens the start page.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const raw = (event.notification.data as { link?: string } | null)?.link ?? '/';
  const target = new URL(raw, self.location.origin);
  const url = target.origin === self.location.origin ? target.href : new URL('/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        await focused.navigate(url).catch(() => self.clients.openWindow(url));
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
