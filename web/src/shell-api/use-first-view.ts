import { useSyncExternalStore } from 'react';
import { afterFirstView, firstViewShown } from './first-view.ts';

/** The first view's state as a component reads it (first-view.ts): true once it is drawn. */
export function useFirstViewShown(): boolean {
  return useSyncExternalStore(afterFirstView, firstViewShown);
}
