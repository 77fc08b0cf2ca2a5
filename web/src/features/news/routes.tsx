import { lazy } from 'react';
import { IconNews } from '@tabler/icons-react';
import type { AppRoute, NavSection } from '../../shell-api/feature.ts';

const NewsPage = lazy(() => import('./NewsPage.tsx').then((m) => ({ default: m.NewsPage })));

const SEE = { anyOf: ['neuigkeiten_alle_sehen', 'neuigkeiten_eigene_sehen'] } as const;
const NEWS: NavSection = { label: 'Neuigkeiten', path: '/neuigkeiten', icon: IconNews, permission: SEE, order: 3, counter: 'news' };

export const NEWS_ROUTES: AppRoute[] = [
  { path: 'neuigkeiten', permission: SEE, element: <NewsPage archive={false} />, nav: { label: 'Neuigkeiten', order: 1, section: NEWS } },
  { path: 'neuigkeiten/archiv', permission: 'news_archive_can_see', element: <NewsPage archive />, nav: { label: 'Neuigkeiten-Archiv', order: 2, section: NEWS } },
];
