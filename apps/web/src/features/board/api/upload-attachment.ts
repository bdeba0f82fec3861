import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Attachment } from '@teamup/contracts/board';
import { pathOf } from '@teamup/contracts/endpoint';
import { attachmentEndpoints } from '@teamup/contracts/board';
import { api } from '../../../lib/api-client';
import { postQueryKey } from './post';
import { postListsQueryKey } from './team-posts';

/** POST /posts/{id}/attachments, multipart field `file`: the post author only. */
export function uploadAttachment(postId: number, file: File): Promise<Attachment> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post<Attachment>(pathOf(attachmentEndpoints.upload, { id: postId }), body);
}

export interface UploadAttachmentsVariables {
  postId: number;
  files: readonly File[];
}

/** Uploads the files one after another (the endpoint takes one), stopping at the first failure. */
export async function uploadAttachments({
  postId,
  files,
}: UploadAttachmentsVariables): Promise<Attachment[]> {
  const uploaded: Attachment[] = [];
  for (const file of files) uploaded.push(await uploadAttachment(postId, file));
  return uploaded;
}

export function useUploadAttachments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAttachments,
    // Refreshed after a failure too: the files before the failing one were kept.
    onSettled: async (_result, _error, { postId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: postQueryKey(postId) }),
        queryClient.invalidateQueries({ queryKey: postListsQueryKey }),
      ]);
    },
  });
}
