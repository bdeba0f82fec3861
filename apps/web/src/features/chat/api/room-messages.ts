import type { ChatMessage, ChatMessagePage } from '@teamup/contracts/chat';
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
 * GET .../messages?latest=true&size: the newest `size` messages, newest first.
 * The room's message list is kept by the room session (features/chat/lib/room-session.ts), not
 * by the query cache: it merges pages, live events and messages being sent.
 */
export function fetchNewestMessages(
  room: RoomRef,
  size: number,
  signal?: AbortSignal,
): Promise<Page<ChatMessage>> {
  return api.get<Page<ChatMessage>>(messagesPath(room), {
    // `latest`: the same newest page, without the exact count of a long room's messages.
    query: { latest: 'true', size },
    signal,
  });
}

/** GET .../messages?beforeId&size: the `size` messages just older than `beforeId`, oldest first. */
export function fetchOlderMessages(
  room: RoomRef,
  beforeId: number,
  size: number,
  signal?: AbortSignal,
): Promise<ChatMessagePage> {
  return api.get<ChatMessagePage>(messagesPath(room), { query: { beforeId, size }, signal });
}

/**
 * GET .../messages?afterId&size: the `size` messages just newer than `afterId`, oldest first;
 * `hasNewer` says whether more follow.
 */
export function fetchNewerMessages(
  room: RoomRef,
  afterId: number,
  size: number,
  signal?: AbortSignal,
): Promise<ChatMessagePage> {
  return api.get<ChatMessagePage>(messagesPath(room), { query: { afterId, size }, signal });
}

/**
 * GET .../messages?aroundId&size: the `size` messages centred on `aroundId`, oldest first, with
 * whether older and newer ones lie beyond (a search result opens its room there).
 */
export function fetchMessagesAround(
  room: RoomRef,
  aroundId: number,
  size: number,
  signal?: AbortSignal,
): Promise<ChatMessagePage> {
  return api.get<ChatMessagePage>(messagesPath(room), { query: { aroundId, size }, signal });
}
