// Loaded with the application after the login (LoginGate), never by the login page: German
// dates first, so every module after it has them.
import './dayjs-locale.ts';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/tiptap/styles.css';
import './after-login.css';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider, modals } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { session } from '../api/session.ts';
import { AfterFirstPaint } from '../ui/AfterFirstPaint.tsx';
import { AlertPopup } from '../ui/AlertPopup.tsx';
import { Shell } from './Shell.tsx';

// Registered once, when the application first loads; a reset closes whatever it left open.
session.onReset(() => {
  modals.closeAll();
  notifications.clean();
});

/** The application of a logged-in person: date pickers in German (Monday first), modals, notifications, the alert popup, the shell. */
export function AfterLogin() {
  return (
    <DatesProvider settings={{ locale: 'de', firstDayOfWeek: 1, weekendDays: [0, 6] }}>
      <ModalsProvider labels={{ confirm: 'Bestätigen', cancel: 'Abbrechen' }}>
        <AfterFirstPaint>
          <Notifications position="top-right" limit={3} />
          <AlertPopup />
        </AfterFirstPaint>
        <Shell />
      </ModalsProvider>
    </DatesProvider>
  );
}
