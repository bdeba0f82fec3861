import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatRoomsQueryKey } from './chat-rooms';
import type { RoomRef } from './room-messages';

/** PATCH .../{r}/updateTitle {name}: groups only. */
export function renameRoom({ room, name }: { room: RoomRef; name: string }): Promise<unknown> {
  return api.patch(`/workspaces/${room.workspaceId}/chat-rooms/${room.roomId}/updateTitle`, {
    name,
  });
}

export function useRenameRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameRoom,
    onSuccess: (_answer, { room }) =>
      queryClient.invalidateQueries({ queryKey: chatRoomsQueryKey(room.workspaceId) }),
  });
}
