import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, CommentInput } from '@teamup/contracts/board';
import { api } from '../../../lib/api-client';
import { postQueryKey } from './post';
import { postCommentsQueryKey } from './post-comments';
import { postListsQueryKey } from './team-posts';

export interface CreateCommentVariables {
  postId: number;
  body: CommentInput;
}

/** POST /posts/{id}/comments {content}: any team member. */
export function createComment({ postId, body }: CreateCommentVariables): Promise<Comment> {
  return api.post<Comment>(`/posts/${postId}/comments`, body);
}

export function useCreateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createComment,
    onSuccess: async (_comment, { postId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: postCommentsQueryKey(postId) }),
        // The comment count shown in the post list.
        queryClient.invalidateQueries({ queryKey: postListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: postQueryKey(postId) }),
      ]);
    },
  });
}
