import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { stockRoutes } from './stock.routes.ts';

/** The stock module: articles, stock per location, its history and stock checks under /api. */
export async function stockModule(app: FastifyInstance, deps: Deps) {
  await app.register(stockRoutes, deps);
}
