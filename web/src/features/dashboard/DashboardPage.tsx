import { Fragment, startTransition, useEffect, useState } from 'react';
import { Center, Loader, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { berlinParts } from '@filialportal/core/berlin-time';
import type { CurrentUser } from '@filialportal/core/users';
import { session } from '../../api/session.ts';
import { markFirstViewShown } from '../../shell-api/first-view.ts';
import { can } from '../../shell-api/access.ts';
import { useCan, useCurrentUser } from '../../shell-api/current-user.tsx';
import type { DashboardCard, DashboardPreload } from '../../shell-api/feature.ts';
import { useRegistry } from '../../shell-api/registry.tsx';
import classes from './DashboardPage.module.css';

/** 'Guten Morgen' until 11, 'Guten Tag' until 18, then 'Guten Abend'. */
export function greeting(hour: number): string {
  if (hour < 11) return 'Guten Morgen';
  if (hour < 18) return 'Guten Tag';
  return 'Guten Abend';
}

/** The addresses that show the dashboard (the root redirects to it). */
const DASHBOARD_PATHS = new Set(['/', '/dashboard']);

/** Whether the page opened shows this person the dashboard: it says itself when its first view is drawn. */
export function opensDashboard(permissions: CurrentUser['permissions']): boolean {
  return DASHBOARD_PATHS.has(window.location.pathname) && can(permissions, 'dashboard_menu_sehen');
}

/** How long the dashboard waits for its cards' code and data before it shows them with their skeletons. */
const DASHBOARD_WAIT_MS = 3000;

/** Once shown in this session, the cards' code is loaded and their data cached: later visits show at once. */
let shownOnce = false;
/** The cards' preload of this session, while it runs. */
let preloading: Promise<unknown> | null = null;
session.onReset(() => {
  shownOnce = false;
  preloading = null;
});

/**
 * Starts loading the code and first data of the cards the person may see, unless that is done or
 * under way. The page calls it as it is first drawn; a page opened at the dashboard's address
 * calls it as soon as the current user is there (SessionApp.tsx), while the shell is drawn.
 */
export function preloadDashboard(cards: readonly DashboardCard[], context: DashboardPreload): void {
  if (shownOnce || preloading) return;
  preloading = Promise.allSettled(cards.filter((card) => context.can(card.permission)).map((card) => card.preload?.(context)));
}

/**
 * Whether the cards' code and data are there, and how many cards are drawn, in page order (the
 * main column's, then the narrow one's). All cards' code and first data load at once, with the
 * page's first render or before it (preloadDashboard); once they are there (or after
 * DASHBOARD_WAIT_MS) the cards are drawn one after the other, each in a task of its own, top to
 * bottom in each column: a card appears below the ones drawn before it, so nothing on the screen
 * moves, and no single long task holds the phone while the whole page is built. Later visits
 * (code loaded, data cached) draw all cards at once.
 */
function useCardsShown(cards: readonly DashboardCard[], context: Omit<DashboardPreload, 'client'>): { loaded: boolean; shown: number } {
  const client = useQueryClient();
  const [shown, setShown] = useState(shownOnce ? cards.length : 0);
  const [loaded, setLoaded] = useState(shownOnce);
  if (!loaded) preloadDashboard(cards, { client, ...context });
  useEffect(() => {
    if (loaded) return;
    let waiting = true;
    // Once: the cards' load or the end of the wait, whichever comes first.
    const load = () => {
      if (!waiting) return;
      waiting = false;
      clearTimeout(timer);
      shownOnce = true;
      preloading = null;
      startTransition(() => {
        setLoaded(true);
        setShown((n) => Math.max(n, 1));
      });
    };
    const timer = setTimeout(load, DASHBOARD_WAIT_MS);
    void preloading?.then(load);
    return () => {
      waiting = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per visit: its cards and user do not change while it waits
  }, []);
  // The next card after the last one has been drawn: a new task, at a transition's priority.
  useEffect(() => {
    if (!loaded || shown >= cards.length) return;
    const timer = setTimeout(() => startTransition(() => setShown((n) => n + 1)));
    return () => clearTimeout(timer);
  }, [loaded, shown, cards.length]);
  // All cards drawn: the page's first view is complete (shell-api/first-view.ts).
  const complete = loaded && shown >= cards.length;
  useEffect(() => {
    if (complete) markFirstViewShown();
  }, [complete]);
  return { loaded, shown };
}

/**
 * The start page (spec 1 §2 Dashboard): a main column of lists (own open tasks; the news per
 * category) beside a narrow one of summaries (the vacation doughnut, the own trainings, the
 * profile). The features declare their cards; each shows only with its permission. With no
 * list at all the summaries spread over the whole width.
 */
export function DashboardPage() {
  const user = useCurrentUser();
  const can = useCan();
  const { dashboard } = useRegistry();
  // The company's day and hour (Europe/Berlin), whatever zone the device is set to.
  const now = berlinParts(new Date());

  const permitted = dashboard.filter((c) => can(c.permission));
  // Page order: the main column's cards, then the narrow one's.
  const cards = [...permitted.filter((c) => c.column === 'main'), ...permitted.filter((c) => c.column === 'aside')];
  const { loaded, shown } = useCardsShown(cards, { user, can });
  const render = (column: DashboardCard['column']) =>
    cards.slice(0, shown).filter((c) => c.column === column).map((c) => <Fragment key={c.key}>{c.element}</Fragment>);
  const hasMain = cards.some((c) => c.column === 'main');

  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <Text c="dimmed" size="sm" mb={4}>
          {dayjs(`${now.year}-${now.month}-${now.day}`).format('dddd, D. MMMM YYYY')}
        </Text>
        <Title order={1} fz={28}>
          {greeting(Number(now.hour))}, {user.firstName}
        </Title>
      </header>

      {loaded ? (
        <div className={classes.columns} data-single={!hasMain || undefined}>
          {hasMain && <div className={classes.main}>{render('main')}</div>}
          <div className={classes.aside}>{render('aside')}</div>
        </div>
      ) : (
        <Center py={80} role="status" aria-label="Wird geladen …">
          <Loader />
        </Center>
      )}
    </div>
  );
}
