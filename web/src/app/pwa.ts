/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';
import { offerUpdate } from './update.ts';

/** How often an open portal asks whether a new version is out: people keep it open all day. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (web/sw/sw.ts). A new version waits until the person chooses
 * 'neu laden' in the notice (ConnectionNotices.tsx); `updateSW(true)` then activates it and
 * reloads the page.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh: () => offerUpdate(() => updateSW(true)),
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
}
