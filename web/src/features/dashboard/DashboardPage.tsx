import { Fragment } from 'react';
import { Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { berlinParts } from '@filialportal/core/berlin-time';
import { useCan, useCurrentUser } from '../../shell-api/current-user.tsx';
import type { DashboardCard } from '../../shell-api/feature.ts';
import { useRegistry } from '../../shell-api/registry.tsx';
import classes from './DashboardPage.module.css';

/** 'Guten Morgen' until 11, 'Guten Tag' until 18, then 'Guten Abend'. */
export function greeting(hour: number): string {
  if (hour < 11) return 'Guten Morgen';
  if (hour < 18) return 'Guten Tag';
  return 'Guten Abend';
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

  const render = (column: DashboardCard['column']) =>
    dashboard.filter((c) => c.column === column && can(c.permission)).map((c) => <Fragment key={c.key}>{c.element}</Fragment>);
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

      <div className={classes.columns} data-single={mainCards.length === 0 || undefined}>
        {mainCards.length > 0 && <div className={classes.main}>{mainCards}</div>}
        <div className={classes.aside}>{render('aside')}</div>
      </div>
    </div>
  );
}
