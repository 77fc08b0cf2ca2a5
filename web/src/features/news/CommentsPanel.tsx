import { useState } from 'react';
import { ActionIcon, Button, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { IconEdit, IconSend, IconTrash, IconX } from '@tabler/icons-react';
import { COMMENT_MAX, ZCreateCommentRequest, ZUpdateCommentRequest } from '@filialportal/core/news';
import { MSG } from '@filialportal/core/messages';
import { useCurrentUser } from '../../shell-api/current-user.tsx';
import { alertError } from '../../ui/alert-error.ts';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { zodResolver } from '../../ui/form-problem.ts';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { useAddComment, useComments, useDeleteComment, useEditComment, type Comment } from './news.api.ts';

/**
 * The comments of a news item, oldest first, with the input below. A comment id in the input
 * means edit mode (spec 3 §4); sending clears the input.
 */
export function CommentsPanel({ newsId, archive }: { newsId: string; archive: boolean }) {
  const user = useCurrentUser();
  const comments = useComments(newsId);
  const add = useAddComment(newsId);
  const edit = useEditComment(newsId);
  const remove = useDeleteComment(newsId);
  const [editing, setEditing] = useState<Comment | null>(null);
  // The request of the mode: a new comment or the one being edited.
  const { form, values, reset, refused } = useCheckedForm({
    initialValues: { comment: '' },
    validate: (v) =>
      editing
        ? zodResolver(ZUpdateCommentRequest)({ commentId: editing.id, comment: v.comment })
        : zodResolver(ZCreateCommentRequest)({ entity: 'News', entityId: newsId, comment: v.comment }),
    oneAtATime: true,
    messagesUnder: 'all',
  });
  const startOver = (next: Comment | null) => {
    setEditing(next);
    reset({ comment: next?.comment ?? '' });
  };

  const send = form.onSubmit((v) => {
    const comment = v.comment.trim();
    const done = { onSuccess: () => startOver(null), onError: (e: unknown) => refused(e, () => ['comment']) };
    if (editing) edit.mutate({ commentId: editing.id, comment }, done);
    else add.mutate(comment, done);
  });

  const askDelete = (c: Comment) =>
    openConfirm({
      title: 'Kommentar löschen',
      text: 'Möchten Sie wirklich den Kommentar löschen?',
      onConfirm: () => remove.mutate(c.id, { onError: alertError }),
    });

  return (
    <Stack gap="sm" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-stone-2)' }}>
      {comments.isPending ? (
        <Loader size="sm" aria-label="Kommentare werden geladen" />
      ) : comments.data?.length === 0 ? (
        <Text size="sm" c="dimmed">
          {MSG.noComments}
        </Text>
      ) : (
        comments.data?.map((c) => (
          <Group key={c.id} align="flex-start" gap="sm" wrap="nowrap">
            <UserAvatar uri={c.resourceUri} firstName={c.userName.split(' ')[0] ?? ''} lastName={c.userName.split(' ').slice(1).join(' ')} size={32} radius="xl" />
            <Stack gap={0} style={{ flex: 1 }} miw={0}>
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {c.userName}
                </Text>
                <Text size="xs" c="dimmed">
                  {c.createdAtFormated}
                  {c.edited ? ' · bearbeitet' : ''}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {c.comment}
              </Text>
            </Stack>
            <Group gap={2} wrap="nowrap">
              {c.canEdit && (
                <Tooltip label="Bearbeiten">
                  <ActionIcon variant="subtle" color="stone" size="sm" aria-label="Kommentar bearbeiten" onClick={() => startOver(c)}>
                    <IconEdit size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
              {c.canDelete && !archive && (
                <Tooltip label="Löschen">
                  <ActionIcon variant="subtle" color="red" size="sm" aria-label="Kommentar löschen" onClick={() => askDelete(c)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Group>
        ))
      )}
      <form onSubmit={send}>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Textarea
            aria-label={editing ? 'Kommentar bearbeiten' : 'Kommentar schreiben'}
            placeholder={editing ? 'Kommentar bearbeiten …' : `Kommentar schreiben, ${user.firstName} …`}
            {...form.getInputProps('comment')}
            autosize
            minRows={1}
            maxRows={5}
            maxLength={COMMENT_MAX + 50}
            description={`${values.comment.trim().length}/${COMMENT_MAX}`}
            style={{ flex: 1 }}
          />
          {editing && (
            <ActionIcon variant="subtle" color="stone" size="lg" aria-label="Bearbeiten abbrechen" onClick={() => startOver(null)}>
              <IconX size={18} />
            </ActionIcon>
          )}
          <Button type="submit" leftSection={<IconSend size={16} />} loading={add.isPending || edit.isPending}>
            {editing ? 'Speichern' : 'Senden'}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
