import { lazy } from 'react';
import { IconNews } from '@tabler/icons-react';
import type { Feature, NavSection } from '../../shell-api/feature.ts';
import { NewsCountBadge } from './NewsCountBadge.tsx';
import { DASHBOARD_NEWS_PER_CATEGORY, NEWS_CATEGORIES } from '@filialportal/core/news-basics';
import { newsKeys, newsListQuery } from './news.api.ts';

const NewsPage = lazy(() => import('./NewsPage.tsx').then((m) => ({ default: m.NewsPage })));
const UnseenNewsModal = lazy(() => import('./UnseenNewsModal.tsx').then((m) => ({ default: m.UnseenNewsModal })));
const loadNewsSection = () => import('./NewsSection.tsx');
const NewsSection = lazy(() => loadNewsSection().then((m) => ({ default: m.NewsSection })));

const SEE = { anyOf: ['neuigkeiten_alle_sehen', 'neuigkeiten_eigene_sehen'] } as const;
const NEWS: NavSection = { label: 'Neuigkeiten', path: '/neuigkeiten', icon: IconNews, permission: SEE, order: 3, counter: 'news' };

export const NEWS_FEATURE: Feature = {
  routes: [
    { path: 'neuigkeiten', permission: SEE, element: <NewsPage archive={false} />, nav: { label: 'Neuigkeiten', order: 1, section: NEWS } },
    { path: 'neuigkeiten/archiv', permission: 'news_archive_can_see', element: <NewsPage archive />, nav: { label: 'Neuigkeiten-Archiv', order: 2, section: NEWS } },
  ],
  counters: [{ kind: 'news', badge: NewsCountBadge, rereads: [newsKeys.unseen, ['news', 'list']] }],
  dashboard: [
    {
      key: 'news',
      column: 'main',
      order: 2,
      permission: SEE,
      element: <NewsSection />,
      // The first category is open on the dashboard; the others load when opened.
      preload: ({ client }) => Promise.all([loadNewsSection(), client.prefetchInfiniteQuery(newsListQuery(NEWS_CATEGORIES[0], false, DASHBOARD_NEWS_PER_CATEGORY))]),
    },
  ],
  overlay: <UnseenNewsModal />,
};
