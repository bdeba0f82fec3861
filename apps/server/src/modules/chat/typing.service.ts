import { CHAT_TYPING_INTERVAL_MS } from '@teamup/contracts/chat';
import { Topics, type ChatTypingEvent } from '@teamup/contracts/events';
import type { AppContext } from '../../context';
import { ModuleStateKey } from '../../platform/module-state';
import { accessRoom } from './room-access';

/**
 * A client sends "typing" every CHAT_TYPING_INTERVAL_MS at most; the server drops what comes
 * sooner than this (a little slack for a late timer), per person and room, on this instance.
 */
const MIN_GAP_MS = CHAT_TYPING_INTERVAL_MS - 1000;
/** Above this many remembered senders, the ones past the gap are forgotten. */
const REMEMBERED_MAX = 10_000;

/** When each person's "typing" in each room last went out (the chat module's state, per app). */
export const typingHeardState = new ModuleStateKey(
  'chat: typing heard',
  () => new Map<string, number>(),
);
const keyOf = (roomId: number, userId: number) => `${roomId}:${userId}`;

/**
 * The person's message went out: their next "typing" in the room is passed on at once (the room
 * dropped their indicator with the message; the client tells again right after sending).
 */
export function forgetTyping(ctx: AppContext, roomId: number, userId: number): void {
  ctx.moduleState.get(typingHeardState).delete(keyOf(roomId, userId));
}

/**
 * The caller is typing in the room (room members only, the cached access read): the room hears
 * CHAT_TYPING on its topic, unlogged. Nothing is written to the database (decision 0021).
 */
export async function sendTyping(
  ctx: AppContext,
  userId: number,
  workspaceId: number,
  roomId: number,
): Promise<void> {
  const { caller } = await accessRoom(ctx, userId, workspaceId, roomId);
  const heard = ctx.moduleState.get(typingHeardState);
  const now = ctx.now().getTime();
  const key = keyOf(roomId, userId);
  const last = heard.get(key);
  if (last !== undefined && now - last < MIN_GAP_MS) return;
  if (heard.size >= REMEMBERED_MAX) {
    for (const [old, at] of heard) if (now - at >= MIN_GAP_MS) heard.delete(old);
  }
  heard.set(key, now);
  const event: ChatTypingEvent = {
    type: 'CHAT_TYPING',
    chatRoomId: roomId,
    userId,
    userName: caller.name,
  };
  await ctx.bus.publishUnlogged(Topics.chatRoom(roomId), event);
}
