import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@teamup/contracts/endpoint';
import { attachmentEndpoints } from '@teamup/contracts/board';
import { api } from '../../../lib/api-client';
import { postQueryKey } from './post';
import { postListsQueryKey } from './team-posts';

export interface DeleteAttachmentVariables {
  postId: number;
  attachmentId: number;
}

/** DELETE /posts/{id}/attachments/{attachmentId}: the post author only; answers 204. */
export function deleteAttachment({
  postId,
  attachmentId,
}: DeleteAttachmentVariables): Promise<void> {
  return api.delete(pathOf(attachmentEndpoints.remove, { id: postId, attachmentId }));
}

export function useDeleteAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAttachment,
    onSettled: async (_result, _error, { postId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: postQueryKey(postId) }),
        queryClient.invalidateQueries({ queryKey: postListsQueryKey }),
      ]);
    },
  });
}
