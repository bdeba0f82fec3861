import type { ChatNotifyLevel, ChatRoom } from '@teamup/contracts/chat';
import type { Page } from '@teamup/contracts/common';
import type { NewChatMessageEvent } from '@teamup/contracts/events';

export interface RoomsUpdate {
  page: Page<ChatRoom>;
  /** False when the room is not in the page: the list must be fetched again. */
  found: boolean;
}

function updateRoom(
  page: Page<ChatRoom>,
  roomId: number,
  update: (room: ChatRoom) => ChatRoom,
): RoomsUpdate {
  let found = false;
  const content = page.content.map((room) => {
    if (room.id !== roomId) return room;
    found = true;
    return update(room);
  });
  return { page: found ? { ...page, content } : page, found };
}

/**
 * A new message in the room list: it becomes the room's last message, and counts as unread
 * unless it is the caller's own or the caller is looking at the room.
 */
export function applyNewMessage(
  page: Page<ChatRoom>,
  event: NewChatMessageEvent,
  { myId, viewing }: { myId: number | undefined; viewing: boolean },
): RoomsUpdate {
  const { message } = event;
  return updateRoom(page, message.chatRoomId, (room) => {
    if (room.lastMessage && room.lastMessage.id >= message.id) return room;
    const unread = message.senderId !== myId && !viewing;
    return {
      ...room,
      lastMessage: message,
      unreadCount: unread ? room.unreadCount + 1 : room.unreadCount,
    };
  });
}

/**
 * The caller read up to a message (here or elsewhere). Nothing is unread when that reaches the
 * last message; otherwise the count is unknown here (`exact` false: fetch it again).
 */
export function applyRead(
  page: Page<ChatRoom>,
  roomId: number,
  lastReadMessageId: number,
  /** The server's count after the move (CHAT_READ carries it); else it is worked out here. */
  unreadCount?: number,
): RoomsUpdate & { exact: boolean } {
  let exact = true;
  const result = updateRoom(page, roomId, (room) => {
    if (room.lastReadMessageId !== null && room.lastReadMessageId >= lastReadMessageId) {
      return room;
    }
    if (unreadCount !== undefined) return { ...room, lastReadMessageId, unreadCount };
    const readAll = !room.lastMessage || room.lastMessage.id <= lastReadMessageId;
    exact = readAll;
    return { ...room, lastReadMessageId, unreadCount: readAll ? 0 : room.unreadCount };
  });
  return { ...result, exact };
}

/** The caller's notification level in a room changed (here, or in another tab). */
export function applyNotifyLevel(
  page: Page<ChatRoom>,
  roomId: number,
  notifyLevel: ChatNotifyLevel | null,
): RoomsUpdate {
  return updateRoom(page, roomId, (room) =>
    room.notifyLevel === notifyLevel ? room : { ...room, notifyLevel },
  );
}
