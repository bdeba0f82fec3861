import type { QueryClient } from '@tanstack/react-query';
import type { ChatRoom } from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import { chatEndpoints } from '@teamup/contracts/chat';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import { applyRead } from '../lib/rooms-cache';
import { chatRoomsQueryKey } from './chat-rooms';
import type { RoomRef } from './room-messages';

/** PATCH .../{r}/last-read-refresh {messageId}: the caller read up to that message. */
export function markRead(room: RoomRef, messageId: number): Promise<void> {
  return api.patch<void>(pathOf(chatEndpoints.markRead, room), { messageId });
}

/**
 * Moves the cached read pointer of a room (read here, or a CHAT_READ event from another tab);
 * when the unread count cannot be known here, the list is fetched again.
 */
export function applyReadToCache(
  queryClient: QueryClient,
  workspaceId: number,
  roomId: number,
  lastReadMessageId: number,
): void {
  const key = chatRoomsQueryKey(workspaceId);
  const page = queryClient.getQueryData<Page<ChatRoom>>(key);
  if (!page) return;
  const result = applyRead(page, roomId, lastReadMessageId);
  queryClient.setQueryData(key, result.page);
  if (!result.exact || !result.found) void queryClient.invalidateQueries({ queryKey: key });
}
