import type { ChatMessage, ChatNotice } from '@teamup/contracts/chat';
import { Topics } from '@teamup/contracts/events';
import type { AppContext } from '../../context';
import { assertMayPin } from './chat.policy';
import { presentMessage } from './chat.presenter';
import * as messagesRepo from './chat-messages.repo';
import * as reactionsRepo from './chat-reactions.repo';
import * as repo from './chat.repo';
import { accessRoom, messageNotFound, publish } from './room-access';

/* A room's notice (KakaoTalk's 공지): one pinned message shown at the top of the room. */

/** The pinned message as the room shows it now; null when none, or once it was deleted. */
async function pinnedMessage(ctx: AppContext, roomId: number): Promise<ChatMessage | null> {
  const db = ctx.database.db;
  // Read from the room row itself, not the cached access read (a pin does not clear that cache).
  const id = await repo.pinnedMessageIdOf(db, roomId);
  if (id === null) return null;
  const view = await messagesRepo.findMessage(db, id);
  if (!view || view.message.deletedAt !== null) return null;
  return presentMessage({ ...view, reactions: await reactionsRepo.reactionsOf(db, [id]) });
}

/** The room's notice, for its members. */
export async function getNotice(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
): Promise<ChatNotice> {
  await accessRoom(ctx, userId, workspaceId, roomId);
  return { chatRoomId: roomId, message: await pinnedMessage(ctx, roomId) };
}

/**
 * Pins a message of the room (not deleted) as its notice, replacing the one before, or takes the
 * notice down (null). Only the room's owner (who made it) and the workspace's owner and admins;
 * everyone in the room hears the change.
 */
export async function setNotice(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  messageId: number | null,
): Promise<ChatNotice> {
  const { room, role } = await accessRoom(ctx, userId, workspaceId, roomId);
  assertMayPin(room, userId, role);
  if (messageId !== null) {
    const place = await messagesRepo.messagePlace(ctx.database.db, messageId);
    if (!place || place.roomId !== roomId || place.deletedAt !== null) throw messageNotFound();
  }
  const changed = await repo.setPinnedMessage(ctx.database.db, roomId, messageId);
  const notice = { chatRoomId: roomId, message: await pinnedMessage(ctx, roomId) };
  if (changed)
    await publish(ctx, Topics.chatRoom(roomId), { type: 'CHAT_NOTICE_CHANGED', ...notice });
  return notice;
}
