import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { lastSeenOf } from '../users/index.ts';
import { seenRoutes } from './seen.routes.ts';
import { lastSeenIso } from './seen.service.ts';

export { seenAt } from './seen.service.ts';
export { seenMarkers } from './seen.table.ts';

/** Seen markers: when a person last looked at a page with a navigation counter. */
export async function seenModule(app: FastifyInstance, deps: Deps) {
  // The current user's answer says when the person last saw the news (platform/hooks.ts).
  deps.hooks.answer(lastSeenOf, lastSeenIso);
  await app.register(seenRoutes, deps);
}
