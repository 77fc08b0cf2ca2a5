import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { AlertPopup } from '../ui/AlertPopup.tsx';

/**
 * What shows above the application when something reports: the notifications and the alert
 * popup. Both read stores, so what is reported before this chunk has loaded (after the page's
 * first view, AfterLogin.tsx) shows once it is there. The confirm dialogs' provider is not here:
 * `modals` calls are events, and one before the provider listens would be lost.
 */
export function Overlays() {
  return (
    <>
      <Notifications position="top-right" limit={3} />
      <AlertPopup />
    </>
  );
}
