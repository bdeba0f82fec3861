import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  chatEndpoints,
  type ChatNotifyLevel,
  type ChatNotifyLevelState,
  type ChatRoom,
} from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import { putLiveData } from '../../../lib/queries/live-cache';
import { applyNotifyLevel } from '../lib/rooms-cache';
import { chatRoomListsQueryKey } from './chat-rooms';
import type { RoomRef } from './room-messages';

/** PUT .../{r}/notify-level: the caller's level in the room, or null to follow their settings. */
export function setRoomNotifyLevel(
  room: RoomRef,
  level: ChatNotifyLevel | null,
): Promise<ChatNotifyLevelState> {
  return api.put<ChatNotifyLevelState>(pathOf(chatEndpoints.setNotifyLevel, room), { level });
}

/** The caller's level in a room, in every cached room list that shows the room. */
export function setNotifyLevelInLists(
  queryClient: QueryClient,
  roomId: number,
  level: ChatNotifyLevel | null,
): void {
  for (const [key, page] of queryClient.getQueriesData<Page<ChatRoom>>({
    queryKey: chatRoomListsQueryKey,
  })) {
    if (!page) continue;
    const result = applyNotifyLevel(page, roomId, level);
    if (result.found) putLiveData(queryClient, key, result.page);
  }
}

/** Changes the level at once on screen; a refusal puts the one before back. */
export function useSetNotifyLevel(room: RoomRef, current: ChatNotifyLevel | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (level: ChatNotifyLevel | null) => setRoomNotifyLevel(room, level),
    onMutate: (level) => setNotifyLevelInLists(queryClient, room.roomId, level),
    onError: () => setNotifyLevelInLists(queryClient, room.roomId, current),
  });
}
