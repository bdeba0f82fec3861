import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatRoom } from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import { chatEndpoints } from '@teamup/contracts/chat';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import { chatRoomsQueryKey } from './chat-rooms';
import type { RoomRef } from './room-messages';

/** PATCH .../{r}/leave: the caller leaves the room. */
export function leaveRoom(room: RoomRef): Promise<void> {
  return api.patch<void>(pathOf(chatEndpoints.leave, room));
}

export function useLeaveRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveRoom,
    onSuccess: (_answer, room) => {
      queryClient.setQueryData<Page<ChatRoom>>(chatRoomsQueryKey(room.workspaceId), (old) =>
        old ? { ...old, content: old.content.filter((item) => item.id !== room.roomId) } : old,
      );
      return queryClient.invalidateQueries({ queryKey: chatRoomsQueryKey(room.workspaceId) });
    },
  });
}
