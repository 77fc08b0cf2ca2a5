import { useSyncExternalStore } from 'react';

/**
 * A new version of the app is installed and waiting (the service worker's `onNeedRefresh`):
 * `apply` activates it and reloads the page. Kept apart from the registration (pwa.ts), which
 * loads only after the page has loaded.
 */
let apply: (() => Promise<void>) | null = null;
const listeners = new Set<() => void>();

export function offerUpdate(activate: () => Promise<void>) {
  apply = activate;
  for (const l of listeners) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The function that loads the waiting version, or null while there is none. */
export function useWaitingUpdate(): (() => Promise<void>) | null {
  return useSyncExternalStore(subscribe, () => apply, () => null);
}
