import { openConfirm } from './ConfirmModal.tsx';
import { alertError } from './alert-error.ts';

/**
 * Asks "<kind> '<name>' löschen?" (spec 3 §8) and deletes on confirmation; a refusal of the
 * server (e.g. a location still in use) appears in the alert popup.
 */
export function confirmDelete(kind: string, name: string, remove: () => Promise<unknown>) {
  openConfirm({
    title: `${kind} '${name}' löschen?`,
    onConfirm: () => {
      remove().catch((error: unknown) => {
        alertError(error);
      });
    },
  });
}
