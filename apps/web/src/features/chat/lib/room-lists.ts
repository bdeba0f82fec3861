import type { QueryClient } from '@tanstack/react-query';
import type { ChatNotifyLevel, ChatRoom } from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import { chatRoomListsQueryKey } from '../../../lib/queries/chat-rooms';
import { putLiveData } from '../../../lib/queries/live-cache';
import { applyNotifyLevel } from './rooms-cache';

// Apart from api/notify-level, whose endpoint import brings zod's schemas: the frame's live sync
// uses this on the signed-in first screen, which loads without zod.

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
