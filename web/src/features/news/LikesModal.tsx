import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { MSG } from '@filialportal/core/messages';
import { QueryError } from '../../ui/QueryError.tsx';
import { useLikes, type NewsItem } from './news.api.ts';

/** Who liked a news item, with dates (neuigkeiten_like_benutzernamen_sehen); the spec's likes list modal. */
export function LikesModal({ item, onClose }: { item: NewsItem | null; onClose: () => void }) {
  const likes = useLikes(item?.id ?? null);
  return (
    <Modal opened={item !== null} onClose={onClose} title={item ? `Wem „${item.title}“ gefällt` : ''} centered>
      <Stack gap="xs">
        {likes.error && <QueryError error={likes.error} />}
        {likes.isPending ? (
          <Loader size="sm" aria-label="Wird geladen" />
        ) : likes.data?.length === 0 ? (
          <Text size="sm" c="dimmed">
            {MSG.noLikes}
          </Text>
        ) : (
          likes.data?.map((l) => (
            <Group key={`${l.userId}-${l.createdAtFormated}`} justify="space-between">
              <Text size="sm">{l.userName}</Text>
              <Text size="sm" c="dimmed">
                {l.createdAtFormated}
              </Text>
            </Group>
          ))
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Schließen
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
