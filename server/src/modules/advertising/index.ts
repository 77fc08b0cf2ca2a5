import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { advertisingRoutes } from './advertising.routes.ts';

/** The advertising module: entries with a file, title and display period, under /api. */
export async function advertisingModule(app: FastifyInstance, deps: Deps) {
  await app.register(advertisingRoutes, deps);
}
