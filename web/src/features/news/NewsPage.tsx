import { useEffect, useRef, useState } from 'react';
import { Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { MSG } from '@filialportal/core/messages';
import { NEWS_CATEGORIES, type NewsCategory } from '@filialportal/core/news';
import { useCan } from '../../shell-api/current-user.tsx';
import { LoadMoreButton } from '../../ui/LoadMoreButton.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { ViewTabs } from '../../ui/ViewTabs.tsx';
import { ConfirmationsModal } from './ConfirmationsModal.tsx';
import { LikesModal } from './LikesModal.tsx';
import { NewsCard } from './NewsCard.tsx';
import { NewsFormModal } from './NewsFormModal.tsx';
import { newsRows, useMarkSeen, useNewsItem, useNewsList, type NewsItem } from './news.api.ts';
import classes from './news.module.css';

const TABS = NEWS_CATEGORIES.map((c) => ({ view: c, tab: c }));

function NewsSkeleton() {
  return (
    <Stack gap="md" aria-hidden>
      {[0, 1, 2].map((i) => (
        <Card key={i} withBorder radius="md" padding="lg">
          <Skeleton height={12} width={120} mb="sm" />
          <Skeleton height={20} width={`${50 + i * 12}%`} mb="md" />
          <Skeleton height={10} mb={6} />
          <Skeleton height={10} width="80%" />
        </Card>
      ))}
    </Stack>
  );
}

/**
 * 'Neuigkeiten' (view 1, current news) and 'Neuigkeiten-Archiv' (view 2, the spec's 'News Archiv'): a tab per category, newest
 * first, 'load more'. Opening the page marks news as seen, so the navigation counter resets.
 */
export function NewsPage({ archive }: { archive: boolean }) {
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const category = (NEWS_CATEGORIES as readonly string[]).includes(params.get('kategorie') ?? '') ? (params.get('kategorie') as NewsCategory) : NEWS_CATEGORIES[0];
  const list = useNewsList(category, archive);
  const { rows, count } = newsRows(list.data);
  // Opened from a link to one item (the header's search): that item on top, whatever the tab.
  const linkedId = params.get('news');
  const linked = useNewsItem(linkedId);
  const pinned = linked.isError ? undefined : linked.data;
  const pinnedRef = useRef<HTMLDivElement>(null);
  // Opened while the page was scrolled down: the linked item comes into view.
  useEffect(() => pinnedRef.current?.scrollIntoView({ block: 'nearest' }), [pinned?.id]);
  const [editing, setEditing] = useState<NewsItem | null | undefined>(undefined);
  const [likesOf, setLikesOf] = useState<NewsItem | null>(null);
  const [confirmationsOf, setConfirmationsOf] = useState<NewsItem | null>(null);
  const markSeen = useMarkSeen('news');

  useEffect(() => {
    if (!archive) markSeen.mutate();
    // Once per visit of the page, not per render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [archive]);

  return (
    <>
      <PageHeader
        title={archive ? 'Neuigkeiten-Archiv' : 'Neuigkeiten'}
        breadcrumbs={archive ? [{ label: 'Neuigkeiten', to: '/neuigkeiten' }, { label: 'Neuigkeiten-Archiv' }] : undefined}
        actions={
          !archive &&
          can('neuigkeiten_erstellen') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
              Neue Neuigkeit
            </Button>
          )
        }
      />
      <Card withBorder radius="md" padding={0} mb="md">
        <ViewTabs views={TABS} value={category} onChange={(c) => setParams({ kategorie: c }, { replace: true })} />
      </Card>
      {linked.error && <QueryError error={linked.error} />}
      {pinned && (
        <Stack gap="xs" mb="md" ref={pinnedRef} className={classes.linked}>
          <Text size="sm" c="dimmed">
            Verlinkte Neuigkeit
          </Text>
          <NewsCard item={pinned} archive={archive} highlighted onEdit={setEditing} onShowLikes={setLikesOf} onShowConfirmations={setConfirmationsOf} />
        </Stack>
      )}
      {list.error && <QueryError error={list.error} />}
      {list.isPending ? (
        <NewsSkeleton />
      ) : rows.length === 0 ? (
        <Card withBorder radius="md" py={40}>
          <Text c="dimmed" size="sm" ta="center">
            {MSG.noNews}
          </Text>
        </Card>
      ) : (
        <Stack gap="md">
          {/* The linked item shows above, once. */}
          {rows.map((item) =>
            item.id === pinned?.id ? null : (
              <NewsCard key={item.id} item={item} archive={archive} onEdit={setEditing} onShowLikes={setLikesOf} onShowConfirmations={setConfirmationsOf} />
            ),
          )}
          <Card withBorder radius="md" padding={0} style={{ display: count > rows.length ? undefined : 'none' }}>
            <LoadMoreButton shown={rows.length} count={count} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
          </Card>
        </Stack>
      )}
      <NewsFormModal opened={editing !== undefined} item={editing ?? null} category={category} onClose={() => setEditing(undefined)} />
      <LikesModal item={likesOf} onClose={() => setLikesOf(null)} />
      <ConfirmationsModal item={confirmationsOf} onClose={() => setConfirmationsOf(null)} />
    </>
  );
}
