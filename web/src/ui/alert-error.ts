import { errorMessage, isSessionLost } from '../api/client.ts';
import { showAlert } from './alert-store.ts';

/** Shows a failed call's German message in the alert popup; a lost session has its own flow. */
export function alertError(error: unknown) {
  if (!isSessionLost(error)) showAlert(errorMessage(error), 'error');
}
