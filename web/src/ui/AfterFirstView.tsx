import { type ReactNode, Suspense } from 'react';
import { useFirstViewShown } from '../shell-api/use-first-view.ts';

/**
 * Draws its children once the page's first view is drawn (shell-api/first-view.ts): parts nobody
 * sees at first (closed dialogs, the empty notification area) or needs before the page (the
 * header's bell), whose code comes in chunks of their own (`lazy`), so a phone loads neither
 * their code nor their work before the page. What they show comes from stores and queries, so
 * nothing is lost by mounting them later. `fallback` holds their place meanwhile.
 */
export function AfterFirstView({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useFirstViewShown() ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
