import { lazy } from 'react';
import type { Feature } from '../../shell-api/feature.ts';
import { NotificationBell } from './NotificationBell.tsx';
import { notificationKeys } from './notifications.api.ts';

const NotificationSettingsSection = lazy(() => import('./NotificationSettingsSection.tsx').then((m) => ({ default: m.NotificationSettingsSection })));
const NotificationsPage = lazy(() => import('./NotificationsPage.tsx').then((m) => ({ default: m.NotificationsPage })));

export const NOTIFICATIONS_FEATURE: Feature = {
  routes: [{ path: 'benachrichtigungen', permission: null, element: <NotificationsPage />, title: 'Benachrichtigungen' }],
  // The live event 'notifications' reaches only the people concerned; the bell reads its page again.
  counters: [{ kind: 'notifications', rereads: [notificationKeys.all] }],
  header: <NotificationBell />,
  userSettings: <NotificationSettingsSection />,
};
