import { MSG } from '@filialportal/core/messages';
import { findConflict, permissionByName, withDependencies } from '@filialportal/core/permissions';
import { conflictMessage } from '@filialportal/core/teams';

/** The outcome of a click in the permission editor. */
export interface SelectionChange {
  /** The new selection, in catalogue order. */
  selected: string[];
  /** Dependencies that came along with a ticked permission. */
  added: string[];
  /** Permissions that were unticked along with one they depend on. */
  removed: string[];
  /** Why the click was refused (the selection is unchanged then). */
  refused: string | null;
}

/** Label of a permission for messages. */
export function permissionLabel(name: string): string {
  return permissionByName.get(name)?.label ?? name;
}

/**
 * Ticks a permission: its dependencies come along (spec 3 §4). Refused when it or one of its
 * dependencies conflicts with the selection (spec 3 §5 message), or when it would add a
 * permission the editor may not grant.
 */
export function tickPermission(
  selected: readonly string[],
  name: string,
  grantable: (name: string) => boolean = () => true,
): SelectionChange {
  const unchanged = { selected: [...selected], added: [], removed: [] };
  const conflict = findConflict(selected, name);
  if (conflict) return { ...unchanged, refused: conflictMessage(conflict.name, conflict.conflictsWith) };
  const before = new Set(selected);
  const next = withDependencies([...selected, name]);
  const fresh = next.filter((n) => !before.has(n));
  if (fresh.some((n) => !grantable(n))) return { ...unchanged, refused: MSG.permissionNotGrantable };
  return { selected: next, added: fresh.filter((n) => n !== name), removed: [], refused: null };
}

/**
 * Unticks a permission. Whatever depends on it is unticked too, so the selection never holds a
 * permission without the ones it needs (the server would add them back on save).
 */
export function untickPermission(selected: readonly string[], name: string): SelectionChange {
  const removed = selected.filter((p) => p !== name && withDependencies([p]).includes(name));
  const gone = new Set([name, ...removed]);
  return { selected: selected.filter((p) => !gone.has(p)), added: [], removed, refused: null };
}

/** The chosen permission that already grants `name` (its parent), or null. */
export function coveringParent(selected: ReadonlySet<string>, name: string): string | null {
  const parent = permissionByName.get(name)?.parentPermission ?? null;
  return parent && selected.has(parent) ? parent : null;
}

/**
 * A template group's permissions as the new selection (spec 3 §4: it replaces the selection),
 * without those the editor may not grant.
 */
export function templateSelection(
  permissions: readonly string[],
  grantable: (name: string) => boolean = () => true,
): { selected: string[]; skipped: string[] } {
  const all = withDependencies(permissions);
  const skipped = all.filter((n) => !grantable(n));
  if (skipped.length === 0) return { selected: all, skipped };
  // Without a permission, whatever depends on it cannot stay either.
  let selected = all;
  for (const name of skipped) selected = untickPermission(selected, name).selected;
  return { selected, skipped };
}
