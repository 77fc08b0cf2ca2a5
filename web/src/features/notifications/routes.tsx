import { lazy } from 'react';
import { Box } from '@mantine/core';
import type { Feature } from '../../shell-api/feature.ts';
import { AfterFirstView } from '../../ui/AfterFirstView.tsx';
import { notificationKeys } from './notifications.api.ts';

const NotificationBell = lazy(() => import('./NotificationBell.tsx').then((m) => ({ default: m.NotificationBell })));
const NotificationSettingsSection = lazy(() => import('./NotificationSettingsSection.tsx').then((m) => ({ default: m.NotificationSettingsSection })));
const NotificationsPage = lazy(() => import('./NotificationsPage.tsx').then((m) => ({ default: m.NotificationsPage })));

/** The bell's place in the header while its code loads: nothing beside it moves when it comes. */
const BELL_SIZE = 44;

export const NOTIFICATIONS_FEATURE: Feature = {
  routes: [{ path: 'benachrichtigungen', permission: null, element: <NotificationsPage />, title: 'Benachrichtigungen' }],
  // The live event 'notifications' reaches only the people concerned; the bell reads its page again.
  counters: [{ kind: 'notifications', rereads: [notificationKeys.all] }],
  // After the first view: its count waits for it anyway, and its list (a popover) brings code the page does not need.
  header: (
    <AfterFirstView fallback={<Box w={BELL_SIZE} h={BELL_SIZE} aria-hidden />}>
      <NotificationBell />
    </AfterFirstView>
  ),
  userSettings: <NotificationSettingsSection />,
};
