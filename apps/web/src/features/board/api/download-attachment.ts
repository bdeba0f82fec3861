import { useMutation } from '@tanstack/react-query';
import type { Attachment } from '@teamup/contracts/board';
import { fetchApiBlob } from '../../../lib/api-blob';
import { saveBlob } from '../../../lib/save-blob';

/**
 * GET /files/{id}/download with the bearer token, saved under the name of the answer's
 * Content-Disposition (filename*, else filename), else the attachment's original name.
 */
export async function downloadAttachment(attachment: Attachment): Promise<void> {
  const file = await fetchApiBlob(attachment.downloadUrl);
  saveBlob(file.blob, file.fileName ?? attachment.originalFileName);
}

export function useDownloadAttachment() {
  return useMutation({ mutationFn: downloadAttachment });
}
