import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postEndpoints } from '@teamup/contracts/board';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import { postQueryKey } from './post';
import { postCommentsQueryKey } from './post-comments';
import { postListsQueryKey } from './team-posts';

/** DELETE /posts/{id}: the author only; its comments and files go with it. Answers 204. */
export function deletePost(postId: number): Promise<void> {
  return api.delete(pathOf(postEndpoints.remove, { id: postId }));
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: async (_result, postId) => {
      // The post is gone: forget it rather than refetch it (that would only answer 404).
      queryClient.removeQueries({ queryKey: postQueryKey(postId) });
      queryClient.removeQueries({ queryKey: postCommentsQueryKey(postId) });
      await queryClient.invalidateQueries({ queryKey: postListsQueryKey });
    },
  });
}
