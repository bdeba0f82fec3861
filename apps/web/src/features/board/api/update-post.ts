import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post, UpdatePostInput } from '@teamup/contracts/board';
import { api } from '../../../lib/api-client';
import { postQueryKey } from './post';
import { postListsQueryKey } from './team-posts';

export interface UpdatePostVariables {
  postId: number;
  body: UpdatePostInput;
}

/** PATCH /posts/{id} {title?, content?}: the author only (403 AUTHOR_ONLY). */
export function updatePost({ postId, body }: UpdatePostVariables): Promise<Post> {
  return api.patch<Post>(`/posts/${postId}`, body);
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
