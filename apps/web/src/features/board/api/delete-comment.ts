import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postQueryKey } from './post';
import { postCommentsQueryKey } from './post-comments';
import { postListsQueryKey } from './team-posts';

export interface DeleteCommentVariables {
  postId: number;
  commentId: number;
}

/** DELETE /comments/{id}: the author only; answers 204. */
export function deleteComment({ commentId }: DeleteCommentVariables): Promise<void> {
  return api.delete(`/comments/${commentId}`);
}

export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: async (_result, { postId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: postCommentsQueryKey(postId) }),
        queryClient.invalidateQueries({ queryKey: postListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: postQueryKey(postId) }),
      ]);
    },
  });
}
