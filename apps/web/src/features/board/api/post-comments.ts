import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Comment } from '@teamup/contracts/board';
import type { Page } from '@teamup/contracts/common';
import { Limits } from '@teamup/contracts/limits';
import { api } from '../../../lib/api-client';

/** Every page of one post's comments. */
export const postCommentsQueryKey = (postId: number) => ['board', 'comments', postId] as const;

/** GET /posts/{id}/comments?page&size: oldest first (newest last), 10 per page. */
export function fetchPostComments(
  postId: number,
  page: number,
  signal?: AbortSignal,
): Promise<Page<Comment>> {
  return api.get<Page<Comment>>(`/posts/${postId}/comments`, {
    query: { page, size: Limits.commentPageSize },
    signal,
  });
}

export function postCommentsQueryOptions(postId: number, page: number) {
  return queryOptions({
    queryKey: [...postCommentsQueryKey(postId), page] as const,
    queryFn: ({ signal }) => fetchPostComments(postId, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePostComments(postId: number, page: number) {
  return useQuery(postCommentsQueryOptions(postId, page));
}
