import type { ChatReadPointers } from '@teamup/contracts/chat';
import { Topics } from '@teamup/contracts/events';
import type { AppContext } from '../../context';
import { emitDomainEvent } from '../../platform/domain-events';
import * as messagesRepo from './chat-messages.repo';
import * as repo from './chat.repo';
import { accessRoom, messageNotFound, publish } from './room-access';

/**
 * Moves the caller's read pointer forward, tells their other tabs and devices (their unread
 * count), and tells the room where the pointer went, so every open client lowers the read count
 * of the messages in between by one (decision 0019).
 */
export async function markRead(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  messageId: number,
): Promise<void> {
  await accessRoom(ctx, userId, workspaceId, roomId);
  const view = await messagesRepo.findMessage(ctx.database.db, messageId);
  if (!view || view.message.roomId !== roomId) throw messageNotFound();
  const moved = await repo.advanceLastRead(ctx.database.db, roomId, userId, messageId);
  if (moved) {
    const unread = await repo.unreadCounts(ctx.database.db, userId, [roomId]);
    const unreadCount = unread.get(roomId) ?? 0;
    await publish(ctx, Topics.user(userId), {
      type: 'CHAT_READ',
      chatRoomId: roomId,
      lastReadMessageId: messageId,
      unreadCount,
    });
    await publish(ctx, Topics.chatRoom(roomId), {
      type: 'CHAT_READ_POINTER_MOVED',
      chatRoomId: roomId,
      userId,
      previousMessageId: moved.previous,
      lastReadMessageId: messageId,
    });
    // The room's bell notice is read once nothing in the room is left unread, not at the first
    // message read (it stands for every message of the burst).
    if (unreadCount === 0) await emitDomainEvent(ctx, { type: 'CHAT_ROOM_READ', userId, roomId });
  }
}

/** Every member's read pointer in the room (room members only): one small read per room open. */
export async function readPointers(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
): Promise<ChatReadPointers> {
  await accessRoom(ctx, userId, workspaceId, roomId);
  const pointers = await repo.readPointersOf(ctx.database.db, roomId);
  return { chatRoomId: roomId, pointers };
}
