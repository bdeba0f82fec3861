import { Topics } from '@teamup/contracts/events';
import type { AppContext } from '../../context';
import { emitDomainEvent } from '../../platform/domain-events';
import * as repo from './chat.repo';
import { accessRoom, messageNotFound, publish } from './room-access';

/** Moves the caller's read pointer forward and tells their other tabs and devices. */
export async function markRead(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  messageId: number,
): Promise<void> {
  await accessRoom(ctx, userId, workspaceId, roomId);
  const view = await repo.findMessage(ctx.database.db, messageId);
  if (!view || view.message.roomId !== roomId) throw messageNotFound();
  if (await repo.advanceLastRead(ctx.database.db, roomId, userId, messageId)) {
    const unread = await repo.unreadCounts(ctx.database.db, userId, [roomId]);
    await publish(ctx, Topics.user(userId), {
      type: 'CHAT_READ',
      chatRoomId: roomId,
      lastReadMessageId: messageId,
      unreadCount: unread.get(roomId) ?? 0,
    });
    await emitDomainEvent(ctx, { type: 'CHAT_ROOM_READ', userId, roomId });
  }
}
