import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { NEWS_NOTICE_INTERVAL_MS, notifyPublishedNews } from './news-notices.ts';
import { newsRoutes } from './news.routes.ts';

export { notifyPublishedNews };
export { newsSearch } from './news-search.ts';

/** The news module: news, likes, comments and read confirmations under /api. */
export async function newsModule(app: FastifyInstance, deps: Deps) {
  await app.register(newsRoutes, deps);
  deps.scheduler.every('Geplante Neuigkeiten melden', NEWS_NOTICE_INTERVAL_MS, () => notifyPublishedNews(deps));
}
