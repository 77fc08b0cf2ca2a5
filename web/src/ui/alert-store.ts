import { useSyncExternalStore } from 'react';

export type AlertType = 'info' | 'error' | 'warning';

/**
 * The state of the one global alert popup, apart from the popup itself: the login page and the
 * session code announce through it without loading the popup's modal (AlertPopup.tsx), which
 * comes with the application after the login.
 */
interface AlertState {
  type: AlertType;
  message: string;
  /** Close by itself after so many milliseconds. */
  autoClose?: number;
}

const INITIAL: AlertState = { type: 'info', message: '' };
let state: AlertState = INITIAL;
const listeners = new Set<() => void>();

function set(next: AlertState) {
  state = next;
  for (const l of listeners) l();
}

/** Shows the global alert popup. */
export function showAlert(message: string, type: AlertType = 'info', autoClose?: number) {
  set({ type, message, autoClose });
}

/** Hides the popup; the type returns to info and the message to empty. */
export function hideAlert() {
  set(INITIAL);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const get = () => state;

/** The current alert as React state. */
export function useAlert(): AlertState {
  return useSyncExternalStore(subscribe, get, get);
}
