import type { ChatMessage, ChatMessageEdit } from '@teamup/contracts/chat';
import { chatEndpoints } from '@teamup/contracts/chat';
import { pathOf } from '@teamup/contracts/endpoint';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { RoomRef } from './room-messages';

/** PATCH .../{r}/messages/{m} {content}: the author's new text; answers the message as shown. */
export function editMessage(room: RoomRef, messageId: number, content: string) {
  return api.patch<ChatMessage>(pathOf(chatEndpoints.edit, { ...room, messageId }), { content });
}

/** GET .../{r}/messages/{m}/edits: earlier texts of the last 24 hours, newest first. */
export function useEditHistory(
  room: RoomRef,
  messageId: number,
  editedAt: string,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['chat', 'edits', room.roomId, messageId, editedAt],
    queryFn: () =>
      api.get<ChatMessageEdit[]>(pathOf(chatEndpoints.editHistory, { ...room, messageId })),
    enabled,
  });
}
