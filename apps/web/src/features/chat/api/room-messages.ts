import type { ChatMessage } from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import { chatEndpoints } from '@teamup/contracts/chat';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';

/** Where a room's messages live. */
export interface RoomRef {
  workspaceId: number;
  roomId: number;
}

const messagesPath = (room: RoomRef) => pathOf(chatEndpoints.messages, room);

/**
 * GET .../messages?sort=createdAt,desc&page=0&size: the newest `size` messages, newest first.
 * The room's message list is kept by the room session (features/chat/lib/room-session.ts), not
 * by the query cache: it merges pages, live events and messages being sent.
 */
export function fetchNewestMessages(
  room: RoomRef,
  size: number,
  signal?: AbortSignal,
): Promise<Page<ChatMessage>> {
  return api.get<Page<ChatMessage>>(messagesPath(room), {
    query: { sort: 'createdAt,desc', page: 0, size },
    signal,
  });
}

/** GET .../messages?beforeId&size: the `size` messages just older than `beforeId`, oldest first. */
export function fetchOlderMessages(
  room: RoomRef,
  beforeId: number,
  size: number,
  signal?: AbortSignal,
): Promise<Page<ChatMessage>> {
  return api.get<Page<ChatMessage>>(messagesPath(room), { query: { beforeId, size }, signal });
}
