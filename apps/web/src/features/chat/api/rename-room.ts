import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatEndpoints } from '@teamup/contracts/chat';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import { chatRoomsQueryKey } from './chat-rooms';
import type { RoomRef } from './room-messages';

/** PATCH .../{r}/updateTitle {name}: groups only. */
export function renameRoom({ room, name }: { room: RoomRef; name: string }): Promise<unknown> {
  return api.patch(pathOf(chatEndpoints.rename, room), { name });
}

export function useRenameRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameRoom,
    onSuccess: (_answer, { room }) =>
      queryClient.invalidateQueries({ queryKey: chatRoomsQueryKey(room.workspaceId) }),
  });
}
