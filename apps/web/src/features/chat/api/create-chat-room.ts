import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatRoom } from '@teamup/contracts/chat';
import { chatEndpoints } from '@teamup/contracts/chat';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import { addToChatRooms, chatRoomsQueryKey } from './chat-rooms';

export type NewChatRoom =
  | { type: 'PERSONAL'; workspaceId: number; otherId: number }
  | { type: 'GROUP'; workspaceId: number; name: string; memberIds: number[] };

/**
 * POST /workspaces/{ws}/chat-rooms/create-dm {chatMemberIdList:[other], workspaceId}: an existing
 * DM with that person comes back rather than a second one; POST .../create {name, type:'GROUP',
 * chatMemberIdList, workspaceId}: a new group. The caller is added by the server.
 */
export function createChatRoom(input: NewChatRoom): Promise<ChatRoom> {
  const params = { workspaceId: input.workspaceId };
  if (input.type === 'PERSONAL') {
    return api.post<ChatRoom>(pathOf(chatEndpoints.createDm, params), {
      chatMemberIdList: [input.otherId],
      workspaceId: input.workspaceId,
    });
  }
  return api.post<ChatRoom>(pathOf(chatEndpoints.createGroup, params), {
    name: input.name,
    type: 'GROUP',
    chatMemberIdList: input.memberIds,
    workspaceId: input.workspaceId,
  });
}

export function useCreateChatRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChatRoom,
    onSuccess: (room) => {
      addToChatRooms(queryClient, room);
      return queryClient.invalidateQueries({ queryKey: chatRoomsQueryKey(room.workspaceId) });
    },
  });
}
