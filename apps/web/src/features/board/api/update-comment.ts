import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, CommentInput } from '@teamup/contracts/board';
import { api } from '../../../lib/api-client';
import { postCommentsQueryKey } from './post-comments';

export interface UpdateCommentVariables {
  commentId: number;
  body: CommentInput;
}

/** PATCH /comments/{id} {content}: the author only (403 AUTHOR_ONLY). */
export function updateComment({ commentId, body }: UpdateCommentVariables): Promise<Comment> {
  return api.patch<Comment>(`/comments/${commentId}`, body);
}

export function useUpdateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateComment,
    onSuccess: (comment) =>
      queryClient.invalidateQueries({ queryKey: postCommentsQueryKey(comment.postId) }),
  });
}
