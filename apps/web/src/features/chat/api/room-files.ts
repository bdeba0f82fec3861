import { useInfiniteQuery } from '@tanstack/react-query';
import { chatEndpoints, type ChatRoomFilesPage } from '@teamup/contracts/chat';
import { Limits } from '@teamup/contracts/limits';
import { pathOf } from '@teamup/contracts/path-of';
import { api } from '../../../lib/api-client';
import type { RoomRef } from './room-messages';

export type RoomFilesKind = 'image' | 'file';

export const roomFilesQueryKey = (room: RoomRef, kind?: RoomFilesKind) =>
  kind === undefined
    ? (['chat', 'files', room.workspaceId, room.roomId] as const)
    : (['chat', 'files', room.workspaceId, room.roomId, kind] as const);

/** GET .../{r}/files?cursor&limit&kind: one page of the room's files, newest first. */
export function fetchRoomFiles(
  room: RoomRef,
  query: { cursor?: string | undefined; kind?: RoomFilesKind | undefined },
  signal?: AbortSignal,
): Promise<ChatRoomFilesPage> {
  return api.get<ChatRoomFilesPage>(pathOf(chatEndpoints.files, room), {
    query: { limit: Limits.chatFilesPageSize, cursor: query.cursor, kind: query.kind },
    signal,
  });
}

/** The room's files page by page (while `enabled`: the drawer is open). */
export function useRoomFiles(room: RoomRef, kind: RoomFilesKind | undefined, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: roomFilesQueryKey(room, kind),
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => fetchRoomFiles(room, { cursor: pageParam, kind }, signal),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
