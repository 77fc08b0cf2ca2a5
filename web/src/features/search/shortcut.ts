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
