import type { ChatMessage } from '@teamup/contracts/chat';
import { api } from '../../../lib/api-client';
import type { RoomRef } from './room-messages';

/** POST .../{r}/messages {content} → 201: its id equals the live event's messageId. */
export function sendMessage(room: RoomRef, content: string): Promise<ChatMessage> {
  return api.post<ChatMessage>(
    `/workspaces/${room.workspaceId}/chat-rooms/${room.roomId}/messages`,
    { content },
  );
}
