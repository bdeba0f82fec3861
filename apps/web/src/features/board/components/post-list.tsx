import { useEffect } from 'react';
import { Stack } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { Limits } from '@teamup/contracts/limits';
import { Pagination } from '../../../components/pagination';
import { boardKo } from '../../../i18n/ko/board';
import { useTeamPosts } from '../api/team-posts';
import { clampPage } from '../lib/paging';
import { EmptyState, ListSkeleton, LoadError } from './board-states';
import { PostListItem } from './post-list-item';

interface PostListProps {
  teamId: number;
  boardId: number;
  page: number;
  onPageChange: (page: number) => void;
  onOpen: (postId: number) => void;
}

/** The board's posts, newest first, 5 per page. */
export function PostList({ teamId, boardId, page, onPageChange, onOpen }: PostListProps) {
  const list = useTeamPosts({ teamId, boardId, page });

  // The list shrank elsewhere and this page is gone: show the last one there is.
  const pageGone =
    list.data !== undefined &&
    !list.isPlaceholderData &&
    page > 0 &&
    list.data.content.length === 0;
  const existingPage = pageGone ? clampPage(page, list.data?.totalPages ?? 1) : page;
  useEffect(() => {
    if (existingPage !== page) onPageChange(existingPage);
  }, [existingPage, page, onPageChange]);

  if (list.isPending) return <ListSkeleton rows={3} testId="posts-loading" />;
  if (list.isError) {
    return (
      <LoadError
        message={boardKo.posts.loadFailed}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        testId="posts-error"
      />
    );
  }
  const { content, totalElements } = list.data;
  if (totalElements === 0) {
    return (
      <EmptyState
        icon={IconClipboardList}
        title={boardKo.posts.empty}
        hint={boardKo.posts.emptyHint}
        testId="posts-empty"
      />
    );
  }
  return (
    <Stack gap="sm">
      <Stack
        gap="sm"
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none', opacity: list.isPlaceholderData ? 0.6 : 1 }}
        aria-label={boardKo.posts.listLabel}
        aria-busy={list.isPlaceholderData}
      >
        {content.map((post) => (
          <li key={post.id}>
            <PostListItem post={post} onOpen={() => onOpen(post.id)} />
          </li>
        ))}
      </Stack>
      <Pagination
        page={page}
        pageSize={Limits.postPageSize}
        totalElements={totalElements}
        onChange={onPageChange}
        disabled={list.isPlaceholderData}
      />
    </Stack>
  );
}
