import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ChatRoom } from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import { pathOf } from '@teamup/contracts/path-of';
import { chatRoutes } from '../first-load-endpoints';
import { api } from '../api-client';

/** The root of every chat query. */
export const chatQueryKey = ['chat'] as const;
export const chatRoomListsQueryKey = [...chatQueryKey, 'rooms'] as const;
export const chatRoomsQueryKey = (workspaceId: number) =>
  [...chatRoomListsQueryKey, workspaceId] as const;

/**
 * How many rooms one list asks for: the side panel shows them all, so the largest page the
 * server allows (the spec's client asks 20 a page).
 */
const ROOMS_PAGE_SIZE = 100;

/** GET /workspaces/{ws}/chat-rooms: the caller's rooms, newest first, with unread counts. */
export function fetchChatRooms(workspaceId: number, signal?: AbortSignal): Promise<Page<ChatRoom>> {
  return api.get<Page<ChatRoom>>(pathOf(chatRoutes.listRooms, { workspaceId }), {
    query: { page: 0, size: ROOMS_PAGE_SIZE, sort: 'createdAt,desc' },
    signal,
  });
}

export function chatRoomsQueryOptions(workspaceId: number) {
  return queryOptions({
    queryKey: chatRoomsQueryKey(workspaceId),
    queryFn: ({ signal }) => fetchChatRooms(workspaceId, signal),
    // Live events keep it current while mounted; coming back to it asks again.
    staleTime: 0,
  });
}

/** The caller's rooms in a workspace; nothing is asked until an id is known. */
export function useChatRooms(workspaceId: number | undefined) {
  return useQuery({
    ...chatRoomsQueryOptions(workspaceId ?? 0),
    enabled: workspaceId !== undefined,
  });
}

/** Puts a room the caller just created or joined into the cached list at once. */
export function addToChatRooms(queryClient: QueryClient, room: ChatRoom): void {
  queryClient.setQueryData<Page<ChatRoom>>(chatRoomsQueryKey(room.workspaceId), (old) =>
    old
      ? {
          ...old,
          content: [room, ...old.content.filter((item) => item.id !== room.id)],
          totalElements:
            old.totalElements + (old.content.some((item) => item.id === room.id) ? 0 : 1),
        }
      : old,
  );
}
