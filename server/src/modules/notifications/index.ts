import type { FastifyInstance } from 'fastify';
import { notificationsErasure } from './notifications-erasure.ts';
import type { Deps } from '../../platform/deps.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { deleteOldNotifications } from './notifications.service.ts';
import { deliverOutbox } from './outbox.ts';

export { notify } from './notifications.service.ts';
export { deliverOutbox, deleteOldNotifications };
export { notifications, notificationOutbox, pushSubscriptions } from './notifications.table.ts';

/** Sends what an instance left unsent (a failed attempt, a crash): every 30 s, claimed so it goes once. */
const OUTBOX_INTERVAL_MS = 30_000;

/** The notification centre, its push and mail outbox and the 90-day cleanup. */
export async function notificationsModule(app: FastifyInstance, deps: Deps) {
  deps.scheduler.every('Benachrichtigungen senden', OUTBOX_INTERVAL_MS, () => deliverOutbox(deps));
  deps.retention.add('notificationDays', deleteOldNotifications);
  deps.erasure.add(notificationsErasure);
  await app.register(notificationsRoutes, deps);
}
