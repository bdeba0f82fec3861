import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  chatEndpoints,
  type ChatNotifyLevel,
  type ChatNotifyLevelState,
} from '@teamup/contracts/chat';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import { setNotifyLevelInLists } from '../lib/room-lists';
import type { RoomRef } from './room-messages';

/** PUT .../{r}/notify-level: the caller's level in the room, or null to follow their settings. */
export function setRoomNotifyLevel(
  room: RoomRef,
  level: ChatNotifyLevel | null,
): Promise<ChatNotifyLevelState> {
  return api.put<ChatNotifyLevelState>(pathOf(chatEndpoints.setNotifyLevel, room), { level });
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
