import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { calendarFeedsRoutes } from './calendar-feeds.routes.ts';

export { calendarFeedFile } from './calendar-feeds.routes.ts';
export { redactFeedAddress } from './calendar-feeds.service.ts';

/** The calendar-feeds module: the subscriptions under /api (the feed file itself: calendarFeedFile). */
export async function calendarFeedsModule(app: FastifyInstance, deps: Deps) {
  await app.register(calendarFeedsRoutes, deps);
}
