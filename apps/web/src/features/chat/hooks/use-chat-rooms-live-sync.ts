import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { ChatRoom } from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import type { LiveEvent } from '@teamup/contracts/events';
import { useLiveEvents } from '../../../lib/live/use-live';
import { chatRoomListsQueryKey, chatRoomsQueryKey } from '../api/chat-rooms';
import { putLiveData } from '../../../lib/queries/live-cache';
import { setNotifyLevelInLists } from '../lib/room-lists';
import { applyNewMessage, applyRead } from '../lib/rooms-cache';

interface SyncContext {
  queryClient: QueryClient;
  workspaceId: number | undefined;
  myId: number | undefined;
  viewingRoomId: number | undefined;
}

function cachedLists(queryClient: QueryClient) {
  return queryClient.getQueriesData<Page<ChatRoom>>({ queryKey: chatRoomListsQueryKey });
}

function refetchCurrent({ queryClient, workspaceId }: SyncContext, eventWorkspaceId?: number) {
  const id = eventWorkspaceId ?? workspaceId;
  if (id !== undefined) void queryClient.invalidateQueries({ queryKey: chatRoomsQueryKey(id) });
}

/** Chat events applied to the cached room lists (unread badges, last messages, membership). */
function applyToRoomLists(event: LiveEvent, context: SyncContext): void {
  const { queryClient, myId, viewingRoomId } = context;
  switch (event.type) {
    case 'NEW_CHAT_MESSAGE': {
      let found = false;
      for (const [key, page] of cachedLists(queryClient)) {
        if (!page) continue;
        const viewing = event.chatRoomId === viewingRoomId;
        const result = applyNewMessage(page, event, { myId, viewing });
        if (!result.found) continue;
        found = true;
        putLiveData(queryClient, key, result.page);
      }
      // A room the list does not know yet (someone just started it with me).
      if (!found) refetchCurrent(context);
      return;
    }
    case 'CHAT_READ':
      for (const [key, page] of cachedLists(queryClient)) {
        if (!page) continue;
        const result = applyRead(
          page,
          event.chatRoomId,
          event.lastReadMessageId,
          event.unreadCount,
        );
        if (!result.found) continue;
        putLiveData(queryClient, key, result.page);
        if (!result.exact) void queryClient.invalidateQueries({ queryKey: key });
      }
      return;
    case 'CHAT_MESSAGE_DELETED':
      // An unread message or the shown last message may have gone: the counts come again.
      for (const [key, page] of cachedLists(queryClient)) {
        const room = page?.content.find((item) => item.id === event.chatRoomId);
        if (room && (room.unreadCount > 0 || room.lastMessage?.id === event.messageId)) {
          void queryClient.invalidateQueries({ queryKey: key });
        }
      }
      return;
    case 'CHAT_NOTIFY_LEVEL_CHANGED':
      setNotifyLevelInLists(queryClient, event.chatRoomId, event.level);
      return;
    case 'CHAT_MEMBER_JOINED':
    case 'CHAT_MEMBER_LEFT':
      // Involving me: the room appears or goes; others: its members changed.
      refetchCurrent(context, event.workspaceId);
      return;
    default:
      return;
  }
}

/**
 * Keeps the side panel's room lists live: a message in a room not on screen counts as unread,
 * CHAT_READ sets the pointer, membership changes fetch the list again.
 */
export function useChatRoomsLiveSync(workspaceId: number | undefined, myId: number | undefined) {
  const queryClient = useQueryClient();
  const { chatId } = useParams();
  const viewing = Number(chatId);
  const viewingRoomId = Number.isInteger(viewing) && viewing > 0 ? viewing : undefined;
  useLiveEvents((event) =>
    applyToRoomLists(event, { queryClient, workspaceId, myId, viewingRoomId }),
  );
}
