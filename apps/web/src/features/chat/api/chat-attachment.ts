import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatAttachment } from '@teamup/contracts/chat';
import { fetchApiBlob } from '../../../lib/api-blob';
import { saveBlob } from '../../../lib/save-blob';

export const chatAttachmentQueryKey = (attachmentId: number) =>
  ['chat', 'attachment', attachmentId] as const;

/** GET /chat-attachments/{id} as a blob with the bearer token (an <img> cannot send it). */
export function chatImageQueryOptions(attachment: ChatAttachment) {
  return queryOptions({
    queryKey: chatAttachmentQueryKey(attachment.id),
    queryFn: ({ signal }) => fetchApiBlob(attachment.url, signal).then((file) => file.blob),
    // A sent file never changes: its bytes are asked once.
    staleTime: Infinity,
    enabled: attachment.url !== '',
  });
}

export function useChatImage(attachment: ChatAttachment) {
  return useQuery(chatImageQueryOptions(attachment));
}

/** GET /chat-attachments/{id}?download=1, saved under the answer's name, else the sent one. */
export async function downloadChatAttachment(attachment: ChatAttachment): Promise<void> {
  const file = await fetchApiBlob(`${attachment.url}?download=1`);
  saveBlob(file.blob, file.fileName ?? attachment.fileName);
}
