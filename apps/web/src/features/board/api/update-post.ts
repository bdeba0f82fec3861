import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postEndpoints, type Post, type UpdatePostInput } from '@teamup/contracts/board';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import { postQueryKey } from './post';
import { postListsQueryKey } from './team-posts';

export interface UpdatePostVariables {
  postId: number;
  body: UpdatePostInput;
}

/** PATCH /posts/{id} {title?, content?}: the author only (403 AUTHOR_ONLY). */
export function updatePost({ postId, body }: UpdatePostVariables): Promise<Post> {
  return api.patch<Post>(pathOf(postEndpoints.update, { id: postId }), body);
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    onSuccess: async (post) => {
      queryClient.setQueryData(postQueryKey(post.id), post);
      await queryClient.invalidateQueries({ queryKey: postListsQueryKey });
    },
  });
}
