import { useRef, useState } from 'react';
import { Button, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip } from '@tabler/icons-react';
import type { Attachment, Post } from '@teamup/contracts/board';
import { useConfirmAction } from '../../../components/confirm-action';
import { ErrorAlert } from '../../../components/error-alert';
import { boardKo } from '../../../i18n/ko/board';
import { useDeleteAttachment } from '../api/delete-attachment';
import { useUploadAttachments } from '../api/upload-attachment';
import { visibleAttachments } from '../lib/attachments';
import { boardErrorMessage } from '../lib/board-errors';
import { checkPostFiles } from '../lib/file-limits';
import { AttachmentItem } from './attachment-item';

interface PostAttachmentsProps {
  post: Post;
  /** The post author may add and delete attachments. */
  isAuthor: boolean;
}

/**
 * The attachments of a post. A deleted one is remembered and vanishes at once; the post is then
 * asked again. The author adds more within the per-post limits.
 */
export function PostAttachments({ post, isAuthor }: PostAttachmentsProps) {
  const [removedIds, setRemovedIds] = useState<ReadonlySet<number>>(() => new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const remove = useDeleteAttachment();
  const upload = useUploadAttachments();
  const { confirm, confirmElement } = useConfirmAction();
  // Lets the same file be picked again after a refusal.
  const resetPicker = useRef<() => void>(null);
  const attachments = visibleAttachments(post.attachments, removedIds);

  const forget = (id: number, removed: boolean) =>
    setRemovedIds((current) => {
      const next = new Set(current);
      if (removed) next.add(id);
      else next.delete(id);
      return next;
    });

  const handleDelete = (attachment: Attachment) => {
    confirm({
      title: boardKo.attachments.deleteTitle,
      message: boardKo.attachments.deleteConfirm(attachment.originalFileName),
      confirmLabel: boardKo.delete,
      onConfirm: () => {
        forget(attachment.id, true);
        remove.mutate(
          { postId: post.id, attachmentId: attachment.id },
          {
            onSuccess: () =>
              notifications.show({ color: 'teal', message: boardKo.attachments.deleted }),
            onError: (error) => {
              forget(attachment.id, false);
              notifications.show({
                color: 'red',
                message: boardErrorMessage(error, boardKo.attachments.deleteFailed),
              });
            },
          },
        );
      },
    });
  };

  const handleAdd = (files: File[]) => {
    resetPicker.current?.();
    if (files.length === 0) return;
    const refused = checkPostFiles([...attachments, ...files]);
    setProblem(refused);
    if (refused) return;
    upload.mutate(
      { postId: post.id, files },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: boardKo.attachments.added }),
        onError: (error) => setProblem(boardErrorMessage(error, boardKo.attachments.addFailed)),
      },
    );
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby={`post-${post.id}-attachments`}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={3} fz="sm" id={`post-${post.id}-attachments`}>
          {boardKo.attachments.heading} ({attachments.length})
        </Title>
        {isAuthor && (
          <FileButton
            onChange={handleAdd}
            multiple
            disabled={upload.isPending}
            resetRef={resetPicker}
          >
            {(props) => (
              <Button
                {...props}
                size="compact-sm"
                variant="light"
                leftSection={<IconPaperclip size={14} />}
                loading={upload.isPending}
                data-testid="attachment-add"
              >
                {boardKo.attachments.add}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      <ErrorAlert message={problem} />
      {attachments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {boardKo.attachments.none}
        </Text>
      ) : (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {attachments.map((attachment) => (
            <li key={attachment.id}>
              <AttachmentItem
                attachment={attachment}
                canDelete={isAuthor}
                onDelete={() => handleDelete(attachment)}
              />
            </li>
          ))}
        </Stack>
      )}
      {confirmElement}
    </Stack>
  );
}
