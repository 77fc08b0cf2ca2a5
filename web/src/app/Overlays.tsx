import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { AlertPopup } from '../ui/AlertPopup.tsx';
import { useModalsListening } from '../ui/modals.ts';

/** Drawn after the dialogs' host: from then on dialog calls go to it (ui/modals.ts). */
function ModalsListening() {
  useModalsListening();
  return null;
}

/**
 * What shows above the application when something reports or asks: the notifications, the
 * alert popup and the dialogs opened by call (confirmations). All of them read stores or hold
 * their calls (ui/modals.ts), so what is reported or asked before this chunk has loaded (after
 * the page's first view, AfterLogin.tsx) shows once it is there.
 */
export function Overlays() {
  return (
    <>
      <ModalsProvider labels={{ confirm: 'Bestätigen', cancel: 'Abbrechen' }} />
      <ModalsListening />
      <Notifications position="top-right" limit={3} />
      <AlertPopup />
    </>
  );
}
