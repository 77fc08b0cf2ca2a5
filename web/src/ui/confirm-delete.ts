import { errorMessage, isSessionLost } from '../api/client.ts';
import { showAlert } from './AlertPopup.tsx';
import { openConfirm } from './ConfirmModal.tsx';

/**
 * Asks "<kind> '<name>' löschen?" (spec 3 §8) and deletes on confirmation; a refusal of the
 * server (e.g. a location still in use) appears in the alert popup.
 */
export function confirmDelete(kind: string, name: string, remove: () => Promise<unknown>) {
  openConfirm({
    title: `${kind} '${name}' löschen?`,
    onConfirm: () => {
      remove().catch((error: unknown) => {
        if (!isSessionLost(error)) showAlert(errorMessage(error), 'error');
      });
    },
  });
}
