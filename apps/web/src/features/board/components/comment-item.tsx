import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { commentInputSchema, type Comment } from '@teamup/contracts/board';
import { Limits } from '@teamup/contracts/limits';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { useUpdateComment } from '../api/update-comment';
import { boardErrorMessage } from '../lib/board-errors';
import { AuthorLine } from './author-line';
import { submitOnModEnter } from './board-text-modal';

interface CommentItemProps {
  comment: Comment;
  /** Edit and delete are offered to the comment's author only. */
  isAuthor: boolean;
  onDelete: () => void;
  deleting: boolean;
}

/** One comment; its author edits it in place (Ctrl+Enter saves, Escape cancels). */
export function CommentItem({ comment, isAuthor, onDelete, deleting }: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.content);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateComment();

  const handleCancel = () => {
    setEditing(false);
    setProblem(null);
    update.reset();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = commentInputSchema.safeParse({ content: draft });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    update.mutate(
      { commentId: comment.id, body: { content: draft } },
      { onSuccess: () => setEditing(false) },
    );
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      handleCancel();
      return;
    }
    submitOnModEnter(event);
  };

  const failure = update.error
    ? boardErrorMessage(update.error, ko.board.comments.updateFailed)
    : null;

  return (
    <Stack gap={4} py="xs" data-testid="comment-item" data-comment-id={comment.id}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <AuthorLine
          name={comment.authorName}
          imageUrl={comment.authorProfileImageUrl}
          createdAt={comment.createdAt}
          updatedAt={comment.updatedAt}
          size="xs"
        />
        {isAuthor && !editing && (
          <Group gap={4} wrap="wrap">
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconPencil size={12} />}
              onClick={() => {
                setDraft(comment.content);
                setEditing(true);
              }}
              aria-label={ko.board.comments.editLabel}
              data-testid="comment-edit"
            >
              {ko.board.edit}
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={12} />}
              onClick={onDelete}
              loading={deleting}
              aria-label={ko.board.comments.deleteLabel}
              data-testid="comment-delete"
            >
              {ko.board.delete}
            </Button>
          </Group>
        )}
      </Group>
      {editing ? (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="xs">
            <Textarea
              aria-label={ko.board.comments.editLabel}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={Limits.commentMax}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              onKeyDown={handleKeyDown}
              data-autofocus
              autoFocus
              data-testid="comment-edit-input"
            />
            <ErrorAlert message={problem ?? failure} />
            <Group justify="flex-end" gap="xs">
              <Button size="compact-sm" variant="default" onClick={handleCancel}>
                {ko.common.cancel}
              </Button>
              <Button
                size="compact-sm"
                type="submit"
                loading={update.isPending}
                data-testid="comment-edit-submit"
              >
                {ko.board.save}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.content}
        </Text>
      )}
    </Stack>
  );
}
