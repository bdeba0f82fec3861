import type { ChatMessage } from '@teamup/contracts/chat';
import { chatEndpoints } from '@teamup/contracts/chat';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import type { RoomRef } from './room-messages';

/**
 * POST .../{r}/messages {content} → 201, or with a file POST .../{r}/messages/attachment
 * (multipart `file` + `content`): the answer's id equals the live event's messageId.
 */
export function sendMessage(room: RoomRef, content: string, file?: File): Promise<ChatMessage> {
  if (!file) return api.post<ChatMessage>(pathOf(chatEndpoints.send, room), { content });
  const form = new FormData();
  form.append('content', content);
  form.append('file', file, file.name);
  return api.post<ChatMessage>(pathOf(chatEndpoints.sendWithFile, room), form);
}
