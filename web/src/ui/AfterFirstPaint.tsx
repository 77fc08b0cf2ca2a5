import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Draws its children in a task after the one that draws the page around it: parts nobody sees
 * at first (closed dialogs, the empty notification area, each with its portal in the document)
 * stay out of the first and longest task of a page load. What they show comes from stores
 * and queries, so nothing is lost by mounting them a moment later.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setDrawn(true)));
    return () => clearTimeout(timer);
  }, []);
  return drawn ? children : null;
}
