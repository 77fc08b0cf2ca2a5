import { MSG } from '@filialportal/core/messages';
import { alertError } from '../../ui/alert-error.ts';
import { showAlert } from '../../ui/AlertPopup.tsx';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import type { RegisterResult } from './trainings.api.ts';

/**
 * The answer of a registration (spec 3 §4): 400 asks 'Warnung' with Ja / Nein, and Ja repeats the
 * call with force; 500 shows 'Fehler' with Ok only; `onDone` runs once the registration is saved.
 */
export async function runRegistration(call: (force: boolean) => Promise<RegisterResult>, onDone?: () => void): Promise<void> {
  const handle = (result: RegisterResult) => {
    if (result.registerStatus === 400) {
      openConfirm({
        title: 'Warnung',
        text: result.registerMessage,
        confirmLabel: 'Ja',
        cancelLabel: 'Nein',
        danger: false,
        onConfirm: () => {
          call(true).then(handle, alertError);
        },
      });
    } else if (result.registerStatus !== 200) {
      showAlert(result.registerMessage || MSG.serverError, 'error');
    } else {
      onDone?.();
    }
  };
  try {
    handle(await call(false));
  } catch (error) {
    alertError(error);
  }
}
