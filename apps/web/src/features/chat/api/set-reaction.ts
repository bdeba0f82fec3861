import type { ChatMessageReactions, ChatReactionEmoji } from '@teamup/contracts/chat';
import { chatEndpoints } from '@teamup/contracts/chat';
import { pathOf } from '@teamup/contracts/endpoint';
import { api } from '../../../lib/api-client';
import type { RoomRef } from './room-messages';

/** PUT .../{r}/messages/{m}/reactions {emoji, reacted}: the message's reactions after it. */
export function setReaction(
  room: RoomRef,
  messageId: number,
  emoji: ChatReactionEmoji,
  reacted: boolean,
): Promise<ChatMessageReactions> {
  return api.put<ChatMessageReactions>(pathOf(chatEndpoints.react, { ...room, messageId }), {
    emoji,
    reacted,
  });
}
