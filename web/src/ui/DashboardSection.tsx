import { useId, type ReactNode } from 'react';
import { Card, Group, ThemeIcon, Title } from '@mantine/core';
import classes from './DashboardSection.module.css';

export interface DashboardSectionProps {
  title: string;
  icon: ReactNode;
  /** Right after the title, e.g. a counter. */
  badge?: ReactNode;
  /** At the right end of the title bar, e.g. a link to the full list. */
  aside?: ReactNode;
  children: ReactNode;
}

/**
 * One card of the dashboard grid: a titled region whose body runs edge to edge, so lists can
 * draw their own row separators and other content brings its own padding.
 */
export function DashboardSection({ title, icon, badge, aside, children }: DashboardSectionProps) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} padding={0} className={classes.section}>
      <Group justify="space-between" gap="xs" className={classes.sectionHeader}>
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ThemeIcon variant="light" color="oak" size={30} radius="md" style={{ flex: 'none' }}>
            {icon}
          </ThemeIcon>
          <Title order={2} fz={16} id={headingId} className={classes.sectionTitle}>
            {title}
          </Title>
          {badge}
        </Group>
        {aside}
      </Group>
      {children}
    </Card>
  );
}
