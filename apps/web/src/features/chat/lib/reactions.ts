import { CHAT_REACTIONS, type ChatReaction, type ChatReactionEmoji } from '@teamup/contracts/chat';

/** Whether `userId` is among those who chose `emoji`. */
export function hasReacted(
  reactions: readonly ChatReaction[],
  emoji: ChatReactionEmoji,
  userId: number,
): boolean {
  return reactions.some(
    (reaction) => reaction.emoji === emoji && reaction.users.some((user) => user.id === userId),
  );
}

/**
 * The reactions with `me`'s `emoji` turned on or off, as the server will count them (shown at
 * once; the server's answer or live event replaces it): CHAT_REACTIONS order, none at zero.
 */
export function withReaction(
  reactions: readonly ChatReaction[],
  emoji: ChatReactionEmoji,
  me: { id: number; name: string },
  reacted: boolean,
): ChatReaction[] {
  const byEmoji = new Map(reactions.map((reaction) => [reaction.emoji, reaction]));
  const current = byEmoji.get(emoji);
  const others = (current?.users ?? []).filter((user) => user.id !== me.id);
  const users = reacted ? [...others, { id: me.id, name: me.name }] : others;
  byEmoji.set(emoji, { emoji, count: users.length, users });
  return CHAT_REACTIONS.flatMap((each) => {
    const reaction = byEmoji.get(each);
    return reaction && reaction.count > 0 ? [reaction] : [];
  });
}
