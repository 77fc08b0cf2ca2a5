import { useSyncExternalStore } from 'react';

/**
 * A new version of the app is installed and waiting (pwa.ts): `apply` activates it and reloads
 * the page. Kept apart from the registration (pwa.ts), which
 * loads only after the page has loaded.
 */
let apply: (() => void) | null = null;
const listeners = new Set<() => void>();

export function offerUpdate(activate: () => void) {
  apply = activate;
  for (const l of listeners) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The function that loads the waiting version, or null while there is none. */
export function useWaitingUpdate(): (() => void) | null {
  return useSyncExternalStore(subscribe, () => apply, () => null);
}
