// Loaded with the application after the login (LoginGate), never by the login page: German
// dates first, so every module after it has them.
import './dayjs-locale.ts';
import { lazy } from 'react';
import { DatesProvider } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { session } from '../api/session.ts';
import { AfterFirstView } from '../ui/AfterFirstView.tsx';
import { modals } from '../ui/modals.ts';
import { Shell } from './Shell.tsx';

const Overlays = lazy(() => import('./Overlays.tsx').then((m) => ({ default: m.Overlays })));

// Registered once, when the application first loads; a reset closes whatever it left open.
session.onReset(() => {
  modals.closeAll();
  notifications.clean();
});

/** The application of a logged-in person: date pickers in German (Monday first), the shell, then the overlays (notifications, alert popup, dialogs). */
export function AfterLogin() {
  return (
    <DatesProvider settings={{ locale: 'de', firstDayOfWeek: 1, weekendDays: [0, 6] }}>
      <Shell />
      <AfterFirstView>
        <Overlays />
      </AfterFirstView>
    </DatesProvider>
  );
}
