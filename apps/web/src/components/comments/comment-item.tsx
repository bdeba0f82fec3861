import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { commentTextSchema, type Comment } from '@teamup/contracts/comments';
import { Limits } from '@teamup/contracts/limits';
import { ko } from '../../i18n/ko';
import { formatDateTime, formatRelative } from '../../lib/dates';
import { ErrorAlert } from '../error-alert';
import { useUpdateComment, type CommentEndpoints } from './comment-api';
import type { CommentTexts } from './comment-texts';
import { submitOnModEnter } from '../submit-on-mod-enter';

export interface CommentItemProps {
  comment: Comment;
  endpoints: CommentEndpoints;
  texts: CommentTexts;
  /** `{prefix}-item`, `-edit`, `-delete`, `-edit-input`, `-edit-submit`. */
  testIdPrefix: string;
  errorMessage: (error: unknown, fallback: string) => string;
  /** The author and date; by default the name and how long ago. */
  renderAuthor?: (comment: Comment) => ReactNode;
  /** Edit and delete are offered to the comment's author only. */
  isAuthor: boolean;
  onDelete: () => void;
  deleting: boolean;
}

function NameAndTime({ comment }: { comment: Comment }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" fw={600}>
        {comment.authorName}
      </Text>
      <Text size="xs" c="dimmed" title={formatDateTime(comment.createdAt)}>
        {formatRelative(comment.createdAt)}
      </Text>
    </Group>
  );
}

/** One comment; its author edits it in place (Ctrl+Enter saves, Escape cancels) or deletes it. */
export function CommentItem({
  comment,
  endpoints,
  texts,
  testIdPrefix: prefix,
  errorMessage,
  renderAuthor,
  isAuthor,
  onDelete,
  deleting,
}: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.content);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateComment(endpoints);

  const handleCancel = () => {
    setEditing(false);
    setProblem(null);
    update.reset();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = commentTextSchema.safeParse(draft);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    update.mutate({ commentId: comment.id, text: draft }, { onSuccess: () => setEditing(false) });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      // Closes the editor, not a dialog around it.
      event.preventDefault();
      event.stopPropagation();
      handleCancel();
      return;
    }
    submitOnModEnter(event);
  };

  const failure = update.error ? errorMessage(update.error, texts.updateFailed) : null;

  return (
    <Stack gap={4} py="xs" data-testid={`${prefix}-item`} data-comment-id={comment.id}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        {renderAuthor ? renderAuthor(comment) : <NameAndTime comment={comment} />}
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
              aria-label={texts.editLabel}
              data-testid={`${prefix}-edit`}
            >
              {texts.edit}
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={12} />}
              onClick={onDelete}
              loading={deleting}
              aria-label={texts.deleteLabel}
              data-testid={`${prefix}-delete`}
            >
              {texts.delete}
            </Button>
          </Group>
        )}
      </Group>
      {editing ? (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="xs">
            <Textarea
              aria-label={texts.editLabel}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={Limits.commentMax}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              onKeyDown={handleKeyDown}
              data-autofocus
              autoFocus
              data-testid={`${prefix}-edit-input`}
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
                data-testid={`${prefix}-edit-submit`}
              >
                {texts.save}
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
