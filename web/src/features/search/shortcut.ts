/** What the shortcut check reads of a key press (a KeyboardEvent, or its likeness in a test). */
interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  isComposing?: boolean;
  defaultPrevented?: boolean;
  target: EventTarget | null;
}

interface Focused {
  tagName?: string;
  isContentEditable?: boolean;
  closest?: (selector: string) => unknown;
}

/** Whether a key press goes into a field, where '/' is a character like any other. */
function inField(target: Focused | null): boolean {
  if (!target) return false;
  return target.isContentEditable === true || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName ?? '');
}

/**
 * Whether a key press opens the header's search: '/' outside fields (on a German keyboard it
 * comes with Shift), Ctrl+K or Cmd+K anywhere. Not inside an open dialog: its keys are its own.
 */
export function opensSearch(event: KeyPress): boolean {
  if (event.defaultPrevented || event.isComposing || event.altKey) return false;
  const target = event.target as Focused | null;
  if (target?.closest?.('[role="dialog"]')) return false;
  if (event.key === '/') return !event.ctrlKey && !event.metaKey && !inField(target);
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.shiftKey;
}

/**
 * The character of a key press made while the search opens, before its field has the focus (its
 * code may still be loading): kept and put into the field, so 'Kasse' typed right after '/' does
 * not lose its 'K'. Only printable characters outside fields, without Ctrl, Cmd or Alt.
 */
export function earlyCharacter(event: KeyPress): string | null {
  if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return null;
  if ([...event.key].length !== 1 || inField(event.target as Focused | null)) return null;
  return event.key;
}
