import type { FastifyInstance } from 'fastify';
import { stockErasure } from './stock-erasure.ts';
import type { Deps } from '../../platform/deps.ts';
import { articleCountOf } from '../assortment/index.ts';
import { stockRoutes } from './stock.routes.ts';
import { articlesInCategory } from './stock.service.ts';

export { adjustStock, mayChangeStockAt } from './stock-changes.service.ts';
export { stockByNumbers } from './stock.service.ts';
export { articleSearch } from './stock-search.ts';
export { articleEans, articles, stockHistory } from './stock.table.ts';

/** The stock module: articles, stock per location, its history and stock checks under /api. */
export async function stockModule(app: FastifyInstance, deps: Deps) {
  // The category answers count their articles (platform/hooks.ts).
  deps.hooks.answer(articleCountOf, articlesInCategory);
  deps.erasure.add(stockErasure);
  await app.register(stockRoutes, deps);
}
