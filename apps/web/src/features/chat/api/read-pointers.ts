import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatEndpoints, type ChatReadPointers } from '@teamup/contracts/chat';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import { chatQueryKey } from './chat-rooms';
import type { RoomRef } from './room-messages';

export const readPointersQueryKey = (room: RoomRef) =>
  [...chatQueryKey, 'read-pointers', room.workspaceId, room.roomId] as const;

/** GET .../{r}/read-pointers: every member's read pointer, for the counts beside messages. */
export function fetchReadPointers(room: RoomRef, signal?: AbortSignal): Promise<ChatReadPointers> {
  return api.get<ChatReadPointers>(pathOf(chatEndpoints.readPointers, room), { signal });
}

export function readPointersQueryOptions(room: RoomRef) {
  return queryOptions({
    queryKey: readPointersQueryKey(room),
    queryFn: ({ signal }) => fetchReadPointers(room, signal),
    // Kept current by live events while the room is open; fetched again on the next open.
    staleTime: 0,
    gcTime: 60_000,
  });
}

export function useReadPointers(room: RoomRef) {
  return useQuery(readPointersQueryOptions(room));
}
