import { startTransition, useEffect, useState } from 'react';
import { afterFirstView, firstViewShown } from './first-view.ts';

/**
 * The first view's state as a component reads it (first-view.ts): true once it is drawn. The
 * change comes as a transition: what waited for the first view is drawn in slices that leave the
 * phone free for input, not in one long task.
 */
export function useFirstViewShown(): boolean {
  const [shown, setShown] = useState(firstViewShown);
  useEffect(() => (shown ? undefined : afterFirstView(() => startTransition(() => setShown(true)))), [shown]);
  return shown;
}
