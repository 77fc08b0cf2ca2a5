import { useEffect, useState } from 'react';
import { ActionIcon, Badge, Box, Button, Card, Collapse, Group, Image, Stack, Text, Title, Typography } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCircleCheck,
  IconDownload,
  IconEdit,
  IconFileTypePdf,
  IconHeart,
  IconHeartFilled,
  IconMessageCircle,
  IconMovie,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { countOf } from '@filialportal/core/plural';
import { useCan } from '../../shell-api/current-user.tsx';
import { downloadResource } from '../../ui/download.ts';
import { alertError } from '../../ui/alert-error.ts';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { CommentsPanel } from './CommentsPanel.tsx';
import { useConfirmNews, useDeleteNews, useResourceBlob, useToggleLike, type NewsItem } from './news.api.ts';
import classes from './news.module.css';

export interface NewsCardProps {
  item: NewsItem;
  /** The archive (view 2): comments cannot be deleted there (spec 3 §6). */
  archive: boolean;
  onEdit: (item: NewsItem) => void;
  onShowLikes: (item: NewsItem) => void;
  onShowConfirmations: (item: NewsItem) => void;
  /** The item a link opened (NewsPage): set off from the list. */
  highlighted?: boolean;
}

/** An object URL of a blob for as long as the component shows it. */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return url;
}

/** The like count in German ('Likes' is the spec's word for the feature, not for people reading it). */
const likedBy = (n: number) => (n === 0 ? 'Gefällt noch niemandem' : `Gefällt ${countOf(n, 'Person', 'Personen')}`);

/** The attachment: an image inline (210 px wide, on its dominant colour), PDF and video as download. */
function Attachment({ item }: { item: NewsItem }) {
  const showImage = item.fileKind === 'image' && item.preview;
  const thumb = useResourceBlob(showImage ? item.thumbnailUri : null);
  const src = useObjectUrl(thumb.data);
  if (!item.resourceUri || !item.fileName) return null;
  if (showImage) {
    return (
      <Box className={classes.imageFrame} style={{ background: item.dominantBackgroundColor ?? undefined }}>
        <Image src={src} alt={item.fileName} w={210} fit="contain" onClick={() => void downloadResource(item.resourceUri!, item.fileName!)} className={classes.image} />
      </Box>
    );
  }
  const Icon = item.fileKind === 'video' ? IconMovie : item.fileKind === 'pdf' ? IconFileTypePdf : IconDownload;
  return (
    <Button variant="light" color="stone" size="xs" leftSection={<Icon size={16} />} onClick={() => void downloadResource(item.resourceUri!, item.fileName!)}>
      {item.fileName}
    </Button>
  );
}

/** One news item: title, date, text, attachment, likes and comments, and the actions the person may take. */
export function NewsCard({ item, archive, onEdit, onShowLikes, onShowConfirmations, highlighted = false }: NewsCardProps) {
  const can = useCan();
  const [commentsOpen, setCommentsOpen] = useState(false);
  const like = useToggleLike();
  const remove = useDeleteNews();
  const confirm = useConfirmNews();

  const askDelete = () =>
    openConfirm({
      title: 'Neuigkeit löschen?',
      text: 'Möchten Sie wirklich die Neuigkeit löschen?',
      onConfirm: () => remove.mutate(item.id, { onError: alertError }),
    });

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={`news-${item.id}`} className={classes.card} data-highlighted={highlighted || undefined}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} miw={0}>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {item.dateFormated}
              </Text>
              <Badge size="sm" variant="light" color="oak">
                {item.category}
              </Badge>
              {item.scheduled && (
                <Badge size="sm" variant="outline" color="blue">
                  geplant
                </Badge>
              )}
              {item.requiresConfirmation && (
                <Badge size="sm" variant="light" color={item.confirmed ? 'green' : 'red'}>
                  {item.confirmed ? 'bestätigt' : 'Lesebestätigung'}
                </Badge>
              )}
            </Group>
            <Title order={3} fz={18} id={`news-${item.id}`} className={classes.title}>
              {item.title}
            </Title>
            <Text size="xs" c="dimmed">
              von {item.createdBy}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            {item.requiresConfirmation && can('neuigkeiten_bearbeiten') && (
              <Tooltip label="Lesebestätigungen">
                <ActionIcon variant="subtle" color="stone" aria-label="Lesebestätigungen" onClick={() => onShowConfirmations(item)}>
                  <IconUsers size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            {can('neuigkeiten_bearbeiten') && (
              <Tooltip label="Bearbeiten">
                <ActionIcon variant="subtle" color="stone" aria-label="Neuigkeit bearbeiten" onClick={() => onEdit(item)}>
                  <IconEdit size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            {can('neuigkeiten_l_schen') && (
              <Tooltip label="Löschen">
                <ActionIcon variant="subtle" color="red" aria-label="Neuigkeit löschen" onClick={askDelete}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Group>

        <Typography className={classes.text}>
          {/* The server keeps only the editor's tags (sanitize-html); nothing executable reaches here. */}
          <div dangerouslySetInnerHTML={{ __html: item.text }} />
        </Typography>

        <Attachment item={item} />

        {item.linkId && (
          <Button component={Link} to={`/veranstaltungen?id=${item.linkId}`} variant="subtle" size="xs" leftSection={<IconCalendarEvent size={16} />} w="fit-content">
            Zur Veranstaltung
          </Button>
        )}

        <Group justify="space-between" gap="xs" className={classes.footer}>
          <Group gap="xs">
            <Button
              variant={item.liked ? 'light' : 'subtle'}
              color={item.liked ? 'red' : 'stone'}
              size="compact-sm"
              leftSection={item.liked ? <IconHeartFilled size={16} /> : <IconHeart size={16} />}
              aria-pressed={item.liked}
              loading={like.isPending}
              onClick={() => like.mutate(item.id, { onError: alertError })}
            >
              {item.liked ? 'Gefällt mir nicht mehr' : 'Gefällt mir'}
            </Button>
            {item.likeCount !== null &&
              (can('neuigkeiten_like_benutzernamen_sehen') ? (
                <Button variant="subtle" color="stone" size="compact-sm" onClick={() => onShowLikes(item)}>
                  {likedBy(item.likeCount)}
                </Button>
              ) : (
                <Text size="sm" c="dimmed">
                  {likedBy(item.likeCount)}
                </Text>
              ))}
            <Button
              variant={commentsOpen ? 'light' : 'subtle'}
              color="stone"
              size="compact-sm"
              leftSection={<IconMessageCircle size={16} />}
              aria-expanded={commentsOpen}
              onClick={() => setCommentsOpen((o) => !o)}
            >
              {countOf(item.commentCount, 'Kommentar', 'Kommentare')}
            </Button>
          </Group>
          {item.requiresConfirmation && !item.confirmed && (
            <Button size="compact-sm" color="green" leftSection={<IconCircleCheck size={16} />} loading={confirm.isPending} onClick={() => confirm.mutate(item.id, { onError: alertError })}>
              Gelesen und verstanden
            </Button>
          )}
        </Group>

        <Collapse expanded={commentsOpen}>{commentsOpen && <CommentsPanel newsId={item.id} archive={archive} />}</Collapse>
      </Stack>
    </Card>
  );
}
