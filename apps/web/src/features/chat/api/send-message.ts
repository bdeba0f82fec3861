import type { ChatMessage } from '@teamup/contracts/chat';
import { chatEndpoints } from '@teamup/contracts/chat';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import type { RoomRef } from './room-messages';

/**
 * POST .../{r}/messages {content, replyTo?} → 201, or with files POST .../{r}/messages/attachment
 * (multipart: a `file` part per file, in order, and `content`), its upload progress told to
 * `onProgress` (0 to 1). The answer's id equals the live event's messageId.
 */
export function sendMessage(
  room: RoomRef,
  content: string,
  files: readonly File[] = [],
  replyTo?: number,
  onProgress?: (fraction: number) => void,
): Promise<ChatMessage> {
  if (files.length === 0) {
    const body = replyTo === undefined ? { content } : { content, replyTo };
    return api.post<ChatMessage>(pathOf(chatEndpoints.send, room), body);
  }
  const form = new FormData();
  form.append('content', content);
  if (replyTo !== undefined) form.append('replyTo', String(replyTo));
  for (const file of files) form.append('file', file, file.name);
  return api.post<ChatMessage>(
    pathOf(chatEndpoints.sendWithFile, room),
    form,
    onProgress ? { onUploadProgress: onProgress } : undefined,
  );
}
