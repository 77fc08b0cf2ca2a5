import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { newsRoutes } from './news.routes.ts';

/** The news module: news, likes, comments and read confirmations under /api. */
export async function newsModule(app: FastifyInstance, deps: Deps) {
  await app.register(newsRoutes, deps);
}
