import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatMember } from '@teamup/contracts/chat';
import { chatEndpoints } from '@teamup/contracts/chat';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import { chatQueryKey } from './chat-rooms';

export const roomMembersQueryKey = (workspaceId: number, roomId: number) =>
  [...chatQueryKey, 'members', workspaceId, roomId] as const;

/** GET /workspaces/{ws}/chat-rooms/{r}/members: the room's members (members only). */
export function fetchRoomMembers(
  workspaceId: number,
  roomId: number,
  signal?: AbortSignal,
): Promise<ChatMember[]> {
  return api.get<ChatMember[]>(pathOf(chatEndpoints.members, { workspaceId, roomId }), { signal });
}

export function roomMembersQueryOptions(workspaceId: number, roomId: number) {
  return queryOptions({
    queryKey: roomMembersQueryKey(workspaceId, roomId),
    queryFn: ({ signal }) => fetchRoomMembers(workspaceId, roomId, signal),
  });
}

export function useRoomMembers(workspaceId: number, roomId: number, enabled = true) {
  return useQuery({ ...roomMembersQueryOptions(workspaceId, roomId), enabled });
}
