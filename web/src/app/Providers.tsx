import { useEffect, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider, modals } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import { session } from '../api/session.ts';
import { hideAlert, showAlert } from '../ui/AlertPopup.tsx';
import { createQueryClient } from './query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

dayjs.locale('de');

/** Mantine (German dates, Monday first), query cache, modals, notifications, session reset. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);

  useEffect(() => {
    const offLoss = session.onLoss((message) => showAlert(message, 'warning'));
    const offReset = session.onReset(() => {
      queryClient.cancelQueries().catch(() => undefined);
      queryClient.clear();
      modals.closeAll();
      notifications.clean();
      hideAlert();
    });
    return () => {
      offLoss();
      offReset();
    };
  }, [queryClient]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <DatesProvider settings={{ locale: 'de', firstDayOfWeek: 1, weekendDays: [0, 6] }}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider labels={{ confirm: 'Bestätigen', cancel: 'Abbrechen' }}>
            <Notifications position="top-right" limit={3} />
            {children}
          </ModalsProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
