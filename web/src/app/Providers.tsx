import { useEffect, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { session } from '../api/session.ts';
import { hideAlert, showAlert } from '../ui/alert-store.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * What every page needs, the login page included: Mantine's theme and the session's alerts. The
 * query cache (SessionApp.tsx) and dates, modals and notifications (AfterLogin.tsx) come with a
 * session, so the login page does not load them.
 */
export function Providers({ children }: { children: ReactNode }) {
  useEffect(() => {
    const offLoss = session.onLoss((message) => showAlert(message, 'warning'));
    const offReset = session.onReset(hideAlert);
    return () => {
      offLoss();
      offReset();
    };
  }, []);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}
