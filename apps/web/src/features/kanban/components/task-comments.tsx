import { useState, type FormEvent } from 'react';
import { Button, Divider, Group, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { taskCommentInputSchema, type TaskComment } from '@teamup/contracts/kanban';
import { Limits } from '@teamup/contracts/limits';
import type { ConfirmActionOptions } from '../../../components/confirm-action';
import { ErrorAlert } from '../../../components/error-alert';
import { ko } from '../../../i18n/ko';
import { useCreateTaskComment } from '../api/create-task-comment';
import { useDeleteTaskComment } from '../api/delete-task-comment';
import { useTaskComments } from '../api/task-comments';
import { pageAfterCommentRemoval, pageOfNewComment } from '../lib/comment-pager';
import { kanbanErrorMessage } from '../lib/kanban-errors';
import { CommentPager } from './comment-pager';
import { TaskCommentItem } from './task-comment-item';

const texts = ko.kanban.comments;

interface TaskCommentsProps {
  teamId: number;
  taskId: number;
  userId: number | undefined;
  confirm: (options: ConfirmActionOptions) => void;
}

/** A card's comments, oldest first, four per page; a new comment shows on the last page. */
export function TaskComments({ teamId, taskId, userId, confirm }: TaskCommentsProps) {
  const [page, setPage] = useState(0);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const comments = useTaskComments(taskId, page);
  const create = useCreateTaskComment(teamId);
  const remove = useDeleteTaskComment(teamId);
  const total = comments.data?.totalElements ?? 0;
  const totalPages = comments.data?.totalPages ?? 1;

  // The list shrank elsewhere and this page is gone: show the last one there is.
  if (comments.data && !comments.isPlaceholderData && page > totalPages - 1) {
    setPage(Math.max(0, totalPages - 1));
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = taskCommentInputSchema.shape.comment.safeParse(draft);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    create.mutate(
      { taskId, comment: draft },
      {
        onSuccess: () => {
          setDraft('');
          setPage(pageOfNewComment(total));
        },
        onError: (error) => setProblem(kanbanErrorMessage(error, texts.createFailed)),
      },
    );
  };

  const handleDelete = (comment: TaskComment, itemsOnPage: number) =>
    confirm({
      title: texts.deleteTitle,
      message: texts.deleteConfirm,
      confirmLabel: texts.delete,
      onConfirm: () =>
        remove.mutate(
          { taskId, commentId: comment.id },
          {
            onSuccess: () => setPage((current) => pageAfterCommentRemoval(current, itemsOnPage)),
            onError: (error) =>
              notifications.show({
                color: 'red',
                message: kanbanErrorMessage(error, texts.deleteFailed),
              }),
          },
        ),
    });

  const renderList = () => {
    if (comments.isPending) {
      return (
        <Stack gap="xs" aria-label={ko.common.loading} role="status">
          <Skeleton height={12} width="40%" />
          <Skeleton height={12} />
        </Stack>
      );
    }
    if (comments.isError) {
      return (
        <Group gap="xs">
          <Text size="sm" c="red" role="alert">
            {texts.loadFailed}
          </Text>
          <Button size="compact-sm" variant="light" onClick={() => void comments.refetch()}>
            {ko.kanban.retry}
          </Button>
        </Group>
      );
    }
    const { content } = comments.data;
    if (content.length === 0) {
      return (
        <Text size="sm" c="dimmed" data-testid="task-comments-empty">
          {texts.empty}
        </Text>
      );
    }
    return (
      <Stack
        gap={0}
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none', opacity: comments.isPlaceholderData ? 0.6 : 1 }}
        aria-label={texts.listLabel}
      >
        {content.map((comment, index) => (
          <li key={comment.id}>
            {index > 0 && <Divider />}
            <TaskCommentItem
              comment={comment}
              isAuthor={userId !== undefined && comment.accountId === userId}
              onDelete={() => handleDelete(comment, content.length)}
              deleting={remove.isPending && remove.variables.commentId === comment.id}
            />
          </li>
        ))}
      </Stack>
    );
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby={`task-${taskId}-comments`}>
      <Title order={3} fz="md" id={`task-${taskId}-comments`}>
        {texts.heading} ({total})
      </Title>
      {renderList()}
      {totalPages > 1 && (
        <CommentPager
          page={Math.min(page, totalPages - 1)}
          totalPages={totalPages}
          onChange={setPage}
          disabled={comments.isPlaceholderData}
        />
      )}
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="xs">
          <Textarea
            aria-label={texts.inputLabel}
            placeholder={texts.placeholder}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={Limits.commentMax}
            value={draft}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              if (problem) setProblem(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
            data-testid="task-comment-input"
          />
          <ErrorAlert message={problem} />
          <Group justify="flex-end">
            <Button
              type="submit"
              size="sm"
              loading={create.isPending}
              data-testid="task-comment-submit"
            >
              {texts.add}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
