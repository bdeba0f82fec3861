import { postCommentEndpoints as endpoints, postCommentView } from '@teamup/contracts/board';
import { pathOf } from '@teamup/contracts/endpoint';
import { Limits } from '@teamup/contracts/limits';
import type { CommentEndpoints } from '../../../components/comments/comment-api';
import { postQueryKey } from './post';
import { postListsQueryKey } from './team-posts';
import { postCommentsQueryKey } from '../../../lib/queries/live-query-keys';

export { postCommentsQueryKey };

/** Every page of one post's comments. */

/**
 * A post's comments: GET/POST /posts/{id}/comments {content} (oldest first, 10 per page), PATCH
 * and DELETE /comments/{id} (the author only). A new or removed comment changes the comment
 * count of the post and of the post list.
 */
export function postCommentEndpoints(postId: number): CommentEndpoints {
  return {
    queryKey: postCommentsQueryKey(postId),
    pageSize: Limits.commentPageSize,
    listPath: pathOf(endpoints.list, { id: postId }),
    itemPath: (commentId) => pathOf(endpoints.update, { id: commentId }),
    updateMethod: endpoints.update.method,
    view: postCommentView,
    invalidateCounts: (queryClient) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: postListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: postQueryKey(postId) }),
      ]),
  };
}
