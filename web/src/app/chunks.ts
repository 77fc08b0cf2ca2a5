import { useEffect, useState } from 'react';
import { loadApplication } from './load-application.ts';

/**
 * A chunk's module, loaded once, and a hook that gives it to a component: at once when it is
 * there, otherwise once it is wanted and has loaded (the component draws its loading state
 * meanwhile). Unlike `lazy()` inside a Suspense boundary this shows no fallback whose
 * replacement React holds back (by up to 300 ms after the fallback appeared, so that quick
 * loads do not flicker): on a page load that hold-back came twice, after the code and the
 * data had long arrived.
 */
export function chunk<T>(load: () => Promise<T>) {
  let loaded: T | undefined;
  const start = () => load().then((m) => (loaded = m));
  const useModule = (wanted = true): T | undefined => {
    const [module, setModule] = useState(loaded);
    useEffect(() => {
      if (module || !wanted) return;
      let live = true;
      // A chunk that fails to load reloads the page (main.tsx, 'vite:preloadError').
      start().then((m) => live && setModule(() => m), () => undefined);
      return () => {
        live = false;
      };
    }, [module, wanted]);
    return module ?? loaded;
  };
  return { start, useModule };
}

/** The application (shell, features, dates, modals). */
export const applicationChunk = chunk(loadApplication);
