import { Fragment, type ReactElement } from 'react';
import { Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { berlinParts } from '@filialportal/core/berlin-time';
import { useCan, useCurrentUser } from '../../shell-api/current-user.tsx';
import { NewsSection } from './NewsSection.tsx';
import { OwnTasksSection } from './OwnTasksSection.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { TrainingsSection } from './TrainingsSection.tsx';
import { VacationSection } from './VacationSection.tsx';
import classes from './DashboardPage.module.css';

/** 'Guten Morgen' until 11, 'Guten Tag' until 18, then 'Guten Abend'. */
export function greeting(hour: number): string {
  if (hour < 11) return 'Guten Morgen';
  if (hour < 18) return 'Guten Tag';
  return 'Guten Abend';
}

/** A dashboard card and whether the user may see it. */
interface Section {
  key: string;
  visible: boolean;
  element: ReactElement;
}

/**
 * The start page (spec 1 §2 Dashboard): a main column of lists (own open tasks; the news per
 * category) beside a narrow one of summaries (the vacation doughnut, the own trainings, the
 * profile). Each card shows only with its permission; with no list at all the
 * summaries spread over the whole width.
 */
export function DashboardPage() {
  const user = useCurrentUser();
  const can = useCan();
  // The company's day and hour (Europe/Berlin), whatever zone the device is set to.
  const now = berlinParts(new Date());

  const main: Section[] = [
    { key: 'tasks', visible: can('aufgaben_erhalten'), element: <OwnTasksSection /> },
    { key: 'news', visible: can({ anyOf: ['neuigkeiten_alle_sehen', 'neuigkeiten_eigene_sehen'] }), element: <NewsSection /> },
  ];
  const aside: Section[] = [
    { key: 'vacation', visible: can('urlaub_menu_sehen'), element: <VacationSection /> },
    { key: 'trainings', visible: can('schulung_sehen'), element: <TrainingsSection /> },
    { key: 'profile', visible: true, element: <ProfileSection /> },
  ];
  const render = (sections: Section[]) => sections.filter((s) => s.visible).map((s) => <Fragment key={s.key}>{s.element}</Fragment>);
  const mainCards = render(main);

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
        <div className={classes.aside}>{render(aside)}</div>
      </div>
    </div>
  );
}
