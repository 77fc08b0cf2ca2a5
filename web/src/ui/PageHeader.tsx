import type { ReactNode } from 'react';
import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Link target; the last crumb (the current view) has none. */
  to?: string;
}

export interface PageHeaderProps {
  title: string;
  breadcrumbs?: Crumb[];
  description?: ReactNode;
  /** Buttons on the right. */
  actions?: ReactNode;
}

/** Breadcrumb, title and actions at the top of a view. */
export function PageHeader({ title, breadcrumbs, description, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap" gap="md">
      <Stack gap={4}>
        {breadcrumbs && breadcrumbs.length > 0 && (
          <Breadcrumbs separatorMargin={6} aria-label="Brotkrumennavigation" fz="sm">
            {breadcrumbs.map((crumb) =>
              crumb.to ? (
                <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm" c="dimmed">
                  {crumb.label}
                </Anchor>
              ) : (
                <Text key={crumb.label} size="sm" c="dimmed" aria-current="page">
                  {crumb.label}
                </Text>
              ),
            )}
          </Breadcrumbs>
        )}
        <Title order={1} fz={26}>
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
