import { useState } from 'react';
import { Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Comment } from '@teamup/contracts/board';
import { Limits } from '@teamup/contracts/limits';
import { useConfirmAction } from '../../../components/confirm-action';
import { Pagination } from '../../../components/pagination';
import { ko } from '../../../i18n/ko';
import { useDeleteComment } from '../api/delete-comment';
import { usePostComments } from '../api/post-comments';
import { boardErrorMessage } from '../lib/board-errors';
import { lastPage, pageAfterRemoval } from '../lib/paging';
import { ListSkeleton, LoadError } from './board-states';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';

interface CommentSectionProps {
  postId: number;
  userId: number | undefined;
}

/** A post's comments, oldest first, 10 per page; a new comment shows on the last page. */
export function CommentSection({ postId, userId }: CommentSectionProps) {
  const [page, setPage] = useState(0);
  const comments = usePostComments(postId, page);
  const remove = useDeleteComment();
  const { confirm, confirmElement } = useConfirmAction();
  const total = comments.data?.totalElements ?? 0;

  const handleDelete = (comment: Comment, itemsOnPage: number) => {
    confirm({
      title: ko.board.comments.deleteTitle,
      message: ko.board.comments.deleteConfirm,
      confirmLabel: ko.board.delete,
      onConfirm: () =>
        remove.mutate(
          { postId, commentId: comment.id },
          {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: ko.board.comments.deleted });
              setPage((current) => pageAfterRemoval(current, itemsOnPage));
            },
            onError: (error) =>
              notifications.show({
                color: 'red',
                message: boardErrorMessage(error, ko.board.comments.deleteFailed),
              }),
          },
        ),
    });
  };

  const renderList = () => {
    if (comments.isPending) return <ListSkeleton rows={2} testId="comments-loading" />;
    if (comments.isError) {
      return (
        <LoadError
          message={ko.board.comments.loadFailed}
          onRetry={() => void comments.refetch()}
          retrying={comments.isFetching}
          testId="comments-error"
        />
      );
    }
    const { content } = comments.data;
    if (content.length === 0) {
      return (
        <Text size="sm" c="dimmed" data-testid="comments-empty">
          {ko.board.comments.empty}
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
        aria-label={ko.board.comments.listLabel}
      >
        {content.map((comment, index) => (
          <li key={comment.id}>
            {index > 0 && <Divider />}
            <CommentItem
              comment={comment}
              isAuthor={userId !== undefined && comment.authorId === userId}
              onDelete={() => handleDelete(comment, content.length)}
              deleting={remove.isPending && remove.variables.commentId === comment.id}
            />
          </li>
        ))}
      </Stack>
    );
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby={`post-${postId}-comments`}
    >
      <Stack gap="sm">
        <Title order={3} fz="md" id={`post-${postId}-comments`}>
          {ko.board.comments.heading} ({total})
        </Title>
        {renderList()}
        {total > Limits.commentPageSize && (
          <Pagination
            page={page}
            pageSize={Limits.commentPageSize}
            totalElements={total}
            onChange={setPage}
            disabled={comments.isPlaceholderData}
          />
        )}
        <CommentForm
          postId={postId}
          onCreated={() => setPage(lastPage(total + 1, Limits.commentPageSize))}
        />
      </Stack>
      {confirmElement}
    </Paper>
  );
}
