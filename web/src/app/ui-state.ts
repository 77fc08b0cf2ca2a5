import { useSyncExternalStore } from 'react';

/** localStorage key of the UI state; kept across logouts (it holds no personal data). */
export const UI_KEY = 'filialportal.ui';

export interface UiState {
  /** Whether the header is open (the header toggle). */
  headerOpen: boolean;
}

const DEFAULTS: UiState = { headerOpen: true };

function read(): UiState {
  try {
    const raw = localStorage.getItem(UI_KEY);
    return raw ? { ...DEFAULTS, ...(JSON.parse(raw) as Partial<UiState>) } : DEFAULTS;
  } catch {
    return DEFAULTS;
  }
}

let state: UiState = read();
const listeners = new Set<() => void>();

/** Persisted UI preferences, restored at start-up. */
export const uiState = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  update(patch: Partial<UiState>) {
    state = { ...state, ...patch };
    try {
      localStorage.setItem(UI_KEY, JSON.stringify(state));
    } catch {
      // Without storage the preference holds for this page only.
    }
    for (const l of listeners) l();
  },
};

export function useUiState(): UiState {
  return useSyncExternalStore(uiState.subscribe, uiState.get, uiState.get);
}
