import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Attachment } from '@teamup/contracts/board';
import { fetchApiBlob } from '../../../lib/api-blob';

export const attachmentPreviewQueryKey = (attachmentId: number) =>
  ['board', 'file', attachmentId, 'preview'] as const;

/** GET /files/{id}/preview as a blob with the bearer token (an <img> cannot send it). */
export function fetchAttachmentPreview(previewUrl: string, signal?: AbortSignal): Promise<Blob> {
  return fetchApiBlob(previewUrl, signal).then((file) => file.blob);
}

export function attachmentPreviewQueryOptions(attachment: Attachment) {
  const previewUrl = attachment.previewUrl ?? '';
  return queryOptions({
    queryKey: attachmentPreviewQueryKey(attachment.id),
    queryFn: ({ signal }) => fetchAttachmentPreview(previewUrl, signal),
    // A stored file never changes: its bytes are asked once.
    staleTime: Infinity,
    enabled: previewUrl !== '',
  });
}

export function useAttachmentPreview(attachment: Attachment) {
  return useQuery(attachmentPreviewQueryOptions(attachment));
}
