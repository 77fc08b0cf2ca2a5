import { useSyncExternalStore } from 'react';
import { readStoredToken, writeStoredToken } from './stored-token.ts';

/** Time between the session-loss alert and the reset to the login screen (spec 1 §9). */
export const SESSION_LOSS_RESET_MS = 5000;

export interface SessionState {
  /** Bearer token of the running session, or null. */
  token: string | null;
  /** Set while a lost session shows its alert, until the reset 5 s later. */
  lost: string | null;
  /** A message for the login screen, e.g. why the last session ended. */
  notice: string | null;
}

type Listener = () => void;

let state: SessionState = { token: readStoredToken(), lost: null, notice: null };
/** True once the current user is loaded, i.e. the application (not the spinner) is on screen. */
let established = false;
let resetTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();
const resetHandlers = new Set<() => void>();
const lossHandlers = new Set<(message: string) => void>();

function setState(next: SessionState) {
  state = next;
  for (const l of listeners) l();
}

/** The session store: one token, persisted, with the spec's loss and reset behaviour. */
export const session = {
  get: (): SessionState => state,
  token: (): string | null => state.token,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** After a successful login. */
  start(token: string) {
    clearTimeout(resetTimer);
    established = false;
    writeStoredToken(token);
    setState({ token, lost: null, notice: null });
  },

  /** The refresh call may hand out a new token. */
  replaceToken(token: string) {
    if (!state.token || token === state.token) return;
    writeStoredToken(token);
    setState({ ...state, token });
  },

  /** The current user is loaded: from now on a loss shows the alert before the reset. */
  markEstablished() {
    established = true;
  },

  /**
   * 401/406/408: the token is cleared at once (no further calls go out), the alert shows, and
   * 5 s later all state is reset to the login screen. While the start-up spinner is still up
   * there is nothing to keep on screen, so the login appears at once with the message.
   */
  lose(message: string) {
    if (state.lost || (!state.token && !established)) return;
    writeStoredToken(null);
    if (!established) {
      session.reset(message);
      return;
    }
    setState({ token: null, lost: message, notice: null });
    for (const h of lossHandlers) h(message);
    clearTimeout(resetTimer);
    resetTimer = setTimeout(() => session.reset(message), SESSION_LOSS_RESET_MS);
  },

  /** Clears token and every piece of in-memory state; the login screen shows `notice` if given. */
  reset(notice: string | null = null) {
    clearTimeout(resetTimer);
    established = false;
    writeStoredToken(null);
    setState({ token: null, lost: null, notice });
    for (const h of resetHandlers) h();
  },

  /** Drops the message shown on the login screen. */
  clearNotice() {
    if (state.notice) setState({ ...state, notice: null });
  },

  /** Registers what "reset all state" means for a part of the app (query cache, popups). */
  onReset(handler: () => void): () => void {
    resetHandlers.add(handler);
    return () => resetHandlers.delete(handler);
  },

  /** Registers how a session loss is announced (the alert popup). */
  onLoss(handler: (message: string) => void): () => void {
    lossHandlers.add(handler);
    return () => lossHandlers.delete(handler);
  },
};

/** The session state as React state. */
export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
