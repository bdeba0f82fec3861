import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatEndpoints, type ChatNotice } from '@teamup/contracts/chat';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import { chatQueryKey } from './chat-rooms';
import type { RoomRef } from './room-messages';

export const roomNoticeQueryKey = (room: RoomRef) =>
  [...chatQueryKey, 'notice', room.workspaceId, room.roomId] as const;

/** GET .../{r}/notice: the room's pinned notice (공지), or null. */
export function fetchRoomNotice(room: RoomRef, signal?: AbortSignal): Promise<ChatNotice> {
  return api.get<ChatNotice>(pathOf(chatEndpoints.notice, room), { signal });
}

/** PUT .../{r}/notice {messageId}: pin a message as the notice, or null to take it down. */
export function setRoomNotice(room: RoomRef, messageId: number | null): Promise<ChatNotice> {
  return api.put<ChatNotice>(pathOf(chatEndpoints.setNotice, room), { messageId });
}

export function roomNoticeQueryOptions(room: RoomRef) {
  return queryOptions({
    queryKey: roomNoticeQueryKey(room),
    queryFn: ({ signal }) => fetchRoomNotice(room, signal),
  });
}

export function useRoomNoticeQuery(room: RoomRef) {
  return useQuery(roomNoticeQueryOptions(room));
}
