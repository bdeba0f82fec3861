import type { ChatMessageReactions, SetChatReactionInput } from '@teamup/contracts/chat';
import { Topics } from '@teamup/contracts/events';
import type { AppContext } from '../../context';
import * as messagesRepo from './chat-messages.repo';
import * as repo from './chat-reactions.repo';
import { presentReactions } from './chat.presenter';
import { accessRoom, messageNotFound, publish } from './room-access';

/* Reactions on a room's messages: one person's emoji (CHAT_REACTIONS), on or off. */

/**
 * The caller's reaction on a message of the room, on or off (room members only; a deleted
 * message takes none). Answers the message's reactions, which everyone in the room hears live.
 */
export async function setReaction(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
  messageId: number,
  input: SetChatReactionInput,
): Promise<ChatMessageReactions> {
  await accessRoom(ctx, userId, workspaceId, roomId);
  const db = ctx.database.db;
  const place = await messagesRepo.messagePlace(db, messageId);
  if (!place || place.roomId !== roomId || place.deletedAt !== null) throw messageNotFound();
  const changed = await repo.setReaction(db, { messageId, userId, ...input, now: ctx.now() });
  const reactions = presentReactions(await repo.reactionsOf(db, [messageId]));
  const answer = { chatRoomId: roomId, messageId, reactions };
  if (changed) {
    await publish(ctx, Topics.chatRoom(roomId), { type: 'CHAT_REACTIONS_CHANGED', ...answer });
  }
  return answer;
}
