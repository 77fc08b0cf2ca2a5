import { useEffect, useEffectEvent, useState, type KeyboardEvent } from 'react';
import type { SearchItem } from './search-items.ts';

interface SearchKeys {
  /** The text searched for as typed (searchText), and the server's echo of the answer shown. */
  typed: string;
  answeredFor: string | undefined;
  /** Two characters or more. */
  enough: boolean;
  /** Typing, or an answer on its way. */
  busy: boolean;
  items: readonly SearchItem[];
  /** The element id of the hit at a position, to keep the active one in sight. */
  hitId: (index: number) => string;
  open: (item: SearchItem) => void;
}

/** The active hit belongs to the answer it was chosen in; a new answer starts at its first hit. */
function useActiveHit(q: string | undefined, count: number) {
  const [chosen, setChosen] = useState({ q: '', index: 0 });
  const active = chosen.q === q ? Math.min(chosen.index, count - 1) : 0;
  const set = (index: number) => setChosen({ q: q ?? '', index: (index + count) % Math.max(count, 1) });
  return [active, set] as const;
}

/**
 * The search field's keys: the arrows move the active hit across all groups (wrapping), Enter
 * opens it. Enter before the answer to what was typed (a barcode scanner types the EAN and
 * Enter at once) opens the first hit of that answer once it is there, never a hit of the one
 * before.
 */
export function useSearchKeys({ typed, answeredFor, enough, busy, items, hitId, open }: SearchKeys) {
  const [active, setActive] = useActiveHit(answeredFor, items.length);
  const [enterFor, setEnterFor] = useState<string | null>(null);

  const scrollToActive = useEffectEvent(() => document.getElementById(hitId(active))?.scrollIntoView({ block: 'nearest' }));
  useEffect(() => {
    if (items.length > 0) scrollToActive();
  }, [active, items]);

  const openAnswered = useEffectEvent(() => {
    const arrived = answeredFor === enterFor;
    if (!arrived && busy) return;
    setEnterFor(null);
    if (arrived && items.length > 0) open(items[0]!);
  });
  useEffect(() => {
    if (enterFor !== null) openAnswered();
  }, [enterFor, answeredFor, busy]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (enough && answeredFor !== typed) setEnterFor(typed);
      else if (items.length > 0) open(items[active]!);
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && items.length > 0) {
      event.preventDefault();
      setActive(active + (event.key === 'ArrowDown' ? 1 : -1));
    }
  };

  return { active, setActive, onKeyDown };
}
