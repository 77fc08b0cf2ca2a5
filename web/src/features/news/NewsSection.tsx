import { Accordion, Anchor, Badge, Box, Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconNews } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG } from '@filialportal/core/messages';
import { DASHBOARD_NEWS_PER_CATEGORY, NEWS_CATEGORIES, teaser, type NewsCategory } from '@filialportal/core/news-basics';
import { DashboardSection } from '../../ui/DashboardSection.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { newsRows, useNewsList } from './news.api.ts';

/** The newest three of one category, each cut to 150 characters (spec 1 §2, §9). */
function CategoryNews({ category }: { category: NewsCategory }) {
  const list = useNewsList(category, false, DASHBOARD_NEWS_PER_CATEGORY);
  const { rows } = newsRows(list.data);
  if (list.error) return <QueryError error={list.error} />;
  if (list.isPending)
    return (
      <Stack gap="xs" aria-hidden>
        <Skeleton height={14} width="60%" />
        <Skeleton height={10} />
      </Stack>
    );
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {MSG.noNews}
      </Text>
    );
  return (
    <Stack gap="md">
      {rows.map((n) => (
        <UnstyledButton key={n.id} component={Link} to={`/neuigkeiten?kategorie=${encodeURIComponent(category)}`}>
          <Text size="xs" c="dimmed">
            {n.dateFormated}
          </Text>
          <Text fw={600} size="sm">
            {n.title}
          </Text>
          <Text size="sm" c="dimmed">
            {teaser(n.text)}
          </Text>
        </UnstyledButton>
      ))}
    </Stack>
  );
}

/** 'Neuigkeiten' on the dashboard: one accordion per category, the first open. */
export function NewsSection() {
  return (
    <DashboardSection
      title="Neuigkeiten"
      icon={<IconNews size={18} />}
      aside={
        <Anchor component={Link} to="/neuigkeiten" size="sm" fw={500} style={{ flex: 'none' }}>
          <Group gap={2} wrap="nowrap">
            Alle Neuigkeiten
            <IconChevronRight size={16} aria-hidden />
          </Group>
        </Anchor>
      }
    >
      <Box px="xs" pb="xs">
        <Accordion defaultValue={NEWS_CATEGORIES[0]} variant="default">
          {NEWS_CATEGORIES.map((c) => (
            <Accordion.Item key={c} value={c}>
              <Accordion.Control>
                <Badge variant="light" color="oak" size="md">
                  {c}
                </Badge>
              </Accordion.Control>
              <Accordion.Panel>
                <CategoryNews category={c} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Box>
    </DashboardSection>
  );
}
