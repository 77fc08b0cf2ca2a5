import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { assortmentRoutes } from './assortment.routes.ts';

export { articleCountOf } from './assortment.service.ts';
export { categories } from './assortment.table.ts';

/** The assortment module: categories with technical data and contacts under /api. */
export async function assortmentModule(app: FastifyInstance, deps: Deps) {
  await app.register(assortmentRoutes, deps);
}
