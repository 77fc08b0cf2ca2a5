// Loaded with the application after the login (LoginGate), never by the login page: German
// dates first, so every module after it has them.
import './dayjs-locale.ts';
import { lazy } from 'react';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider, modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { session } from '../api/session.ts';
import { AfterFirstView } from '../ui/AfterFirstView.tsx';
import { Shell } from './Shell.tsx';

const Overlays = lazy(() => import('./Overlays.tsx').then((m) => ({ default: m.Overlays })));

// Registered once, when the application first loads; a reset closes whatever it left open.
session.onReset(() => {
  modals.closeAll();
  notifications.clean();
});

/** The application of a logged-in person: date pickers in German (Monday first), modals, the shell, then notifications and the alert popup. */
export function AfterLogin() {
  return (
    <DatesProvider settings={{ locale: 'de', firstDayOfWeek: 1, weekendDays: [0, 6] }}>
      <ModalsProvider labels={{ confirm: 'Bestätigen', cancel: 'Abbrechen' }}>
        <Shell />
        <AfterFirstView>
          <Overlays />
        </AfterFirstView>
      </ModalsProvider>
    </DatesProvider>
  );
}
