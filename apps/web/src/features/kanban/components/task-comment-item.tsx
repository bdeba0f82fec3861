import { useState, type KeyboardEvent } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { taskCommentInputSchema, type TaskComment } from '@teamup/contracts/kanban';
import { Limits } from '@teamup/contracts/limits';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { formatDateTime, formatRelative } from '../../../lib/dates';
import { useUpdateTaskComment } from '../api/update-task-comment';
import { kanbanErrorMessage } from '../lib/kanban-errors';

const texts = ko.kanban.comments;

interface TaskCommentItemProps {
  comment: TaskComment;
  /** Edit and delete are offered to the author only. */
  isAuthor: boolean;
  onDelete: () => void;
  deleting: boolean;
}

/** One task comment; its author edits it in place (Escape cancels) or deletes it. */
export function TaskCommentItem({ comment, isAuthor, onDelete, deleting }: TaskCommentItemProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.comment);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateTaskComment();

  const cancel = () => {
    setEditing(false);
    setProblem(null);
    update.reset();
  };

  const save = () => {
    const parsed = taskCommentInputSchema.shape.comment.safeParse(draft);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    update.mutate(
      { taskId: comment.kanbanTaskId, commentId: comment.id, comment: draft },
      {
        onSuccess: () => setEditing(false),
        onError: (error) => setProblem(kanbanErrorMessage(error, texts.updateFailed)),
      },
    );
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      // Closes the editor, not the card.
      event.preventDefault();
      event.stopPropagation();
      cancel();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      save();
    }
  };

  return (
    <Stack gap={4} py="xs" data-testid="task-comment-item" data-comment-id={comment.id}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600}>
            {comment.authorName}
          </Text>
          <Text size="xs" c="dimmed" title={formatDateTime(comment.createdAt)}>
            {formatRelative(comment.createdAt)}
          </Text>
        </Group>
        {isAuthor && !editing && (
          <Group gap={4}>
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconPencil size={12} />}
              onClick={() => {
                setDraft(comment.comment);
                setEditing(true);
              }}
              aria-label={texts.editLabel}
              data-testid="task-comment-edit"
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
              data-testid="task-comment-delete"
            >
              {texts.delete}
            </Button>
          </Group>
        )}
      </Group>
      {editing ? (
        <Stack gap="xs">
          <Textarea
            aria-label={texts.editLabel}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={Limits.commentMax}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={handleKeyDown}
            autoFocus
            data-testid="task-comment-edit-input"
          />
          <ErrorAlert message={problem} />
          <Group justify="flex-end" gap="xs">
            <Button size="compact-sm" variant="default" onClick={cancel}>
              {ko.common.cancel}
            </Button>
            <Button
              size="compact-sm"
              loading={update.isPending}
              onClick={save}
              data-testid="task-comment-edit-submit"
            >
              {texts.save}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.comment}
        </Text>
      )}
    </Stack>
  );
}
