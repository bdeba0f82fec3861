import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessageReactions, users } from '../../db/schema';

/*
 * The reactions people put on chat messages: set by reactions.service.ts, read with the messages
 * they are on (messages, the notice).
 */

export type ReactionRow = {
  messageId: number;
  emoji: string;
  userId: number;
  name: string;
};

/** The reactions on these messages, oldest first, with the reacting person's name. */
export async function reactionsOf(db: Db, messageIds: number[]): Promise<ReactionRow[]> {
  if (messageIds.length === 0) return [];
  return db
    .select({
      messageId: chatMessageReactions.messageId,
      emoji: chatMessageReactions.emoji,
      userId: chatMessageReactions.userId,
      name: users.name,
    })
    .from(chatMessageReactions)
    .innerJoin(users, eq(users.id, chatMessageReactions.userId))
    .where(inArray(chatMessageReactions.messageId, messageIds))
    .orderBy(asc(chatMessageReactions.createdAt), asc(chatMessageReactions.userId));
}

/** Puts one person's reaction on or off; answers whether anything changed. */
export async function setReaction(
  db: Db,
  input: { messageId: number; userId: number; emoji: string; reacted: boolean; now: Date },
): Promise<boolean> {
  const { messageId, userId, emoji } = input;
  if (input.reacted) {
    const added = await db
      .insert(chatMessageReactions)
      .values({ messageId, userId, emoji, createdAt: input.now })
      .onConflictDoNothing()
      .returning({ userId: chatMessageReactions.userId });
    return added.length > 0;
  }
  const removed = await db
    .delete(chatMessageReactions)
    .where(
      and(
        eq(chatMessageReactions.messageId, messageId),
        eq(chatMessageReactions.userId, userId),
        eq(chatMessageReactions.emoji, emoji),
      ),
    )
    .returning({ userId: chatMessageReactions.userId });
  return removed.length > 0;
}
