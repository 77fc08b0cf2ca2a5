import { offerUpdate } from './update.ts';

/** How often an open portal asks whether a new version is out: people keep it open all day. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (web/sw/sw.ts) with the browser's own interface; a helper library
 * would be two more files on every page, the login page's too. A new version waits until the
 * person chooses 'neu laden' in the notice (ConnectionNotices.tsx): the waiting worker is then told
 * to take over (sw.ts, 'SKIP_WAITING'), and the page reloads once it controls it.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  // Only for an update: the first worker of a page has no one to replace and takes over at once.
  const offer = (waiting: ServiceWorker) => {
    if (!container.controller) return;
    offerUpdate(() => {
      container.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      waiting.postMessage({ type: 'SKIP_WAITING' });
    });
  };
  container
    .register('/sw.js', { scope: '/', type: 'classic' })
    .then((registration) => {
      // A version that arrived while no page was open waits already.
      if (registration.waiting) offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') offer(installing);
        });
      });
      setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    })
    .catch(() => undefined);
}
