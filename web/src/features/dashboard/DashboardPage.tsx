import { Fragment, startTransition, useEffect, useState } from 'react';
import { Center, Loader, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { berlinParts } from '@filialportal/core/berlin-time';
import { session } from '../../api/session.ts';
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
 * True once every card's code and first data are there (or after DASHBOARD_WAIT_MS): all
 * cards are loaded at once, and drawn together in one transition, so neither a chain of
 * chunks nor skeletons replaced by content of another height move the page. The loading starts
 * with the page's first render, not after it: the requests run while React draws the rest.
 */
function useCardsReady(cards: readonly DashboardCard[], context: Omit<DashboardPreload, 'client'>): boolean {
  const client = useQueryClient();
  const [ready, setReady] = useState(shownOnce);
  if (!ready && !preloading) preloading = Promise.allSettled(cards.map((card) => card.preload?.({ client, ...context })));
  useEffect(() => {
    if (ready) return;
    let live = true;
    const show = () => {
      if (!live) return;
      shownOnce = true;
      preloading = null;
      startTransition(() => setReady(true));
    };
    const timer = setTimeout(show, DASHBOARD_WAIT_MS);
    void preloading?.then(show);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per visit: its cards and user do not change while it waits
  }, []);
  return ready;
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

  const cards = dashboard.filter((c) => can(c.permission));
  const ready = useCardsReady(cards, { user, can });
  const render = (column: DashboardCard['column']) => cards.filter((c) => c.column === column).map((c) => <Fragment key={c.key}>{c.element}</Fragment>);
  const mainCards = render('main');

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

      {ready ? (
        <div className={classes.columns} data-single={mainCards.length === 0 || undefined}>
          {mainCards.length > 0 && <div className={classes.main}>{mainCards}</div>}
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
