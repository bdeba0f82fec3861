import { useState } from 'react';
import { Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import { BoardMessages, type Post } from '@teamup/contracts/board';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { CommentThread } from '../../../components/comments/comment-thread';
import type { CommentTexts } from '../../../components/comments/comment-texts';
import { useConfirmAction } from '../../../components/confirm-action';
import { ErrorAlert } from '../../../components/error-alert';
import { boardKo } from '../../../i18n/ko/board';
import { ApiError } from '../../../lib/api-error';
import { hasCode } from '../../../lib/error-message';
import { useDeletePost } from '../api/delete-post';
import { usePost } from '../api/post';
import { postCommentEndpoints } from '../api/post-comments';
import { boardErrorMessage } from '../lib/board-errors';
import { AuthorLine } from './author-line';
import { ListSkeleton, LoadError } from './board-states';
import { PostAttachments } from './post-attachments';
import { PostFormModal } from './post-form-modal';
import { useTeamReadOnly } from '../../../lib/team-read-only';

const commentTexts: CommentTexts = {
  ...boardKo.comments,
  retry: boardKo.retry,
  edit: boardKo.edit,
  save: boardKo.save,
  delete: boardKo.delete,
};

interface PostDetailProps {
  postId: number;
  teamId: number;
  userId: number | undefined;
  onBack: () => void;
  onDeleted: () => void;
  /** A comment to show (`&comment=` in the address: a search result led here). */
  focusCommentId?: number | null;
}

function isNotFound(error: unknown): boolean {
  return (
    hasCode(error, ErrorCode.POST_NOT_FOUND) || (error instanceof ApiError && error.status === 404)
  );
}

/** The open post inside the bulletin tab: its text, attachments and comments. */
export function PostDetail({
  postId,
  teamId,
  userId,
  onBack,
  onDeleted,
  focusCommentId = null,
}: PostDetailProps) {
  const post = usePost(postId);

  const backButton = (
    <Button
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      onClick={onBack}
      data-testid="back-to-posts"
      px="xs"
    >
      {boardKo.posts.back}
    </Button>
  );

  let body;
  if (post.isPending) {
    body = <ListSkeleton rows={1} testId="post-loading" />;
  } else if (post.isError && !isNotFound(post.error)) {
    body = (
      <LoadError
        message={boardKo.posts.loadFailed}
        onRetry={() => void post.refetch()}
        retrying={post.isFetching}
        testId="post-error"
      />
    );
  } else if (post.isError || post.data.teamId !== teamId) {
    // Gone, or a post of another team named in the address.
    body = <ErrorAlert message={BoardMessages.postNotFound} />;
  } else {
    body = (
      <PostView
        post={post.data}
        userId={userId}
        onDeleted={onDeleted}
        focusCommentId={focusCommentId}
      />
    );
  }

  return (
    <Stack gap="md" data-testid="team-panel-bulletin">
      <Group>{backButton}</Group>
      {body}
    </Stack>
  );
}

interface PostViewProps {
  post: Post;
  userId: number | undefined;
  onDeleted: () => void;
  focusCommentId: number | null;
}

function PostView({ post, userId, onDeleted, focusCommentId }: PostViewProps) {
  const readOnly = useTeamReadOnly();
  const isAuthor = userId !== undefined && post.authorId === userId;
  const [editing, setEditing] = useState(false);
  const remove = useDeletePost();
  const { confirm, confirmElement } = useConfirmAction();

  const handleDelete = () => {
    confirm({
      title: boardKo.posts.deleteTitle,
      message: boardKo.posts.deleteConfirm(post.title),
      confirmLabel: boardKo.delete,
      onConfirm: () =>
        remove.mutate(post.id, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: boardKo.posts.deleted });
            onDeleted();
          },
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: boardErrorMessage(error, boardKo.posts.deleteFailed),
            }),
        }),
    });
  };

  return (
    <>
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'sm', sm: 'lg' }}
        component="article"
        data-testid="post-detail"
        data-post-id={post.id}
      >
        <Stack gap="sm">
          <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
            {post.title}
          </Title>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <AuthorLine
              name={post.authorName}
              imageUrl={post.authorProfileImageUrl}
              createdAt={post.createdAt}
              updatedAt={post.updatedAt}
            />
            {isAuthor && (
              <Group gap={4} wrap="wrap">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconPencil size={14} />}
                  onClick={() => setEditing(true)}
                  data-testid="post-edit"
                >
                  {boardKo.edit}
                </Button>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={handleDelete}
                  loading={remove.isPending}
                  data-testid="post-delete"
                >
                  {boardKo.delete}
                </Button>
              </Group>
            )}
          </Group>
          <Divider />
          <Text
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="post-content"
          >
            {post.content}
          </Text>
          <Divider />
          <PostAttachments post={post} isAuthor={isAuthor} />
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <CommentThread
          readOnly={readOnly}
          endpoints={postCommentEndpoints(post.id)}
          texts={commentTexts}
          headingId={`post-${post.id}-comments`}
          testIdPrefix="comment"
          userId={userId}
          focusCommentId={focusCommentId}
          errorMessage={boardErrorMessage}
          renderAuthor={(comment) => (
            <AuthorLine
              name={comment.authorName}
              imageUrl={comment.authorProfileImageUrl}
              createdAt={comment.createdAt}
              updatedAt={comment.updatedAt}
              size="xs"
            />
          )}
        />
      </Paper>
      <PostFormModal
        teamId={post.teamId}
        boardId={post.boardId}
        opened={editing}
        editing={post}
        onClose={() => setEditing(false)}
      />
      {confirmElement}
    </>
  );
}
