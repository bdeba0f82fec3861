import type { LocalMessage } from './message-store';

/**
 * Where the '새 메시지' divider goes when a room opens: before the first message from someone
 * else newer than the last one read. Nothing when the room had nothing unread; with no read
 * pointer at all, everything from others counts as unread.
 */
export function findFirstUnreadId(
  messages: readonly LocalMessage[],
  lastReadMessageId: number | null,
  myId: number,
  unreadCount: number,
): number | null {
  if (unreadCount <= 0) return null;
  const after = lastReadMessageId ?? 0;
  const first = messages.find(
    (message) =>
      !message.pending && !message.deleted && message.senderId !== myId && message.id > after,
  );
  return first?.id ?? null;
}
