import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REPLY_PREVIEW_MAX } from '@teamup/contracts/chat';
import type { Db } from '../../db/client';
import { chatAttachments, chatMessageEdits, chatMessages, users } from '../../db/schema';
import type { ReactionRow } from './chat-reactions.repo';

/*
 * Chat messages as rooms show them: reads and edits (storing: chat-sends.repo; the files they
 * carry: chat-files.repo; their reactions: chat-reactions.repo).
 */

export type MessageRow = typeof chatMessages.$inferSelect;
export type AttachmentRow = typeof chatAttachments.$inferSelect;
/** The original a reply answers, as the reply shows it (null fields: no original). */
export type ReplyRow = {
  replyId: number | null;
  replySenderId: number | null;
  replySenderName: string | null;
  replyContent: string | null;
  replyDeletedAt: Date | null;
  replyHasAttachment: boolean | null;
};
export type MessageView = {
  message: MessageRow;
  senderName: string | null;
  senderProfileImageUrl: string | null;
  /** In the order they were sent. */
  attachments: AttachmentRow[];
  reply?: ReplyRow | null | undefined;
  /** Read apart (reactionsOf); absent where a list does not show them. */
  reactions?: ReactionRow[] | undefined;
};

const original = alias(chatMessages, 'original');
const originalSender = alias(users, 'original_sender');
const replyView = {
  replyId: original.id,
  replySenderId: original.senderId,
  replySenderName: sql<string | null>`coalesce(${originalSender.name}, ${original.botName})`,
  // Only the preview's length leaves the database.
  replyContent: sql<string | null>`left(${original.content}, ${REPLY_PREVIEW_MAX})`,
  replyDeletedAt: original.deletedAt,
  replyHasAttachment: sql<
    boolean | null
  >`exists (select 1 from ${chatAttachments} where ${chatAttachments.messageId} = ${original.id})`,
};
const messageView = {
  message: chatMessages,
  senderName: users.name,
  senderProfileImageUrl: users.profileImageUrl,
  reply: replyView,
};

/** The files of these messages, each message's in the order sent. */
export async function attachmentsOf(db: Db, messageIds: number[]): Promise<AttachmentRow[]> {
  if (messageIds.length === 0) return [];
  return db
    .select()
    .from(chatAttachments)
    .where(inArray(chatAttachments.messageId, messageIds))
    .orderBy(asc(chatAttachments.messageId), asc(chatAttachments.position));
}

/** Message rows with their files added (one more query for all of them). */
async function withAttachments<Row extends Omit<MessageView, 'attachments'>>(
  db: Db,
  rows: Row[],
): Promise<Array<Row & { attachments: AttachmentRow[] }>> {
  const files = await attachmentsOf(
    db,
    rows.filter((row) => row.message.deletedAt === null).map((row) => row.message.id),
  );
  const byMessage = new Map<number, AttachmentRow[]>();
  for (const file of files) {
    const list = byMessage.get(file.messageId) ?? [];
    list.push(file);
    byMessage.set(file.messageId, list);
  }
  return rows.map((row) => ({ ...row, attachments: byMessage.get(row.message.id) ?? [] }));
}

/** Messages as a room shows them: each with its sender and the original a reply answers. */
function messagesQuery(db: Db) {
  return db
    .select(messageView)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .leftJoin(original, eq(original.id, chatMessages.replyToId))
    .leftJoin(originalSender, eq(originalSender.id, original.senderId));
}

export async function messagePage(
  db: Db,
  roomId: number,
  query: {
    offset: number;
    limit: number;
    newestFirst: boolean;
    beforeId?: number | undefined;
    /** Count the room's messages no further than this (the exact total scans the whole room). */
    countUpTo?: number | undefined;
  },
) {
  if (query.beforeId !== undefined) {
    // The `limit` messages just older than the cursor, answered oldest first.
    const rows = await messagesQuery(db)
      .where(and(eq(chatMessages.roomId, roomId), lt(chatMessages.id, query.beforeId)))
      .orderBy(desc(chatMessages.id))
      .limit(query.limit);
    const older = await countMessages(db, roomId, lt(chatMessages.id, query.beforeId), {
      upTo: cursorCountMax(query.limit),
    });
    return { rows: await withAttachments(db, rows.reverse()), total: older };
  }
  const rows = await messagesQuery(db)
    .where(eq(chatMessages.roomId, roomId))
    .orderBy(query.newestFirst ? desc(chatMessages.id) : asc(chatMessages.id))
    .offset(query.offset)
    .limit(query.limit);
  const upTo = query.countUpTo;
  const total = await countMessages(
    db,
    roomId,
    undefined,
    upTo === undefined ? undefined : { upTo },
  );
  return { rows: await withAttachments(db, rows), total };
}

/**
 * The room's newest `limit` messages, newest first, and how many messages it holds counted as a
 * cursor page counts (the exact total of the paged form scans the whole room).
 */
export function newestMessages(db: Db, roomId: number, limit: number) {
  return messagePage(db, roomId, {
    offset: 0,
    limit,
    newestFirst: true,
    countUpTo: cursorCountMax(limit),
  });
}

/**
 * A cursor page counts the messages beyond its cursor only as far as one more page of the same
 * size: enough to size the next step, while counting all 100,000 of a long room's messages made
 * each page of it three times slower than a short room's (1,000 still made it 1.8 times).
 */
const cursorCountMax = (limit: number) => 2 * limit;

/**
 * How many of a room's messages pass `where` (keyset bounds on the `(room_id, id)` index); with
 * `upTo`, counted no further than that.
 */
async function countMessages(db: Db, roomId: number, where?: SQL, options?: { upTo: number }) {
  const matching = and(eq(chatMessages.roomId, roomId), where);
  if (options) {
    const bounded = db
      .select({ one: sql`1` })
      .from(chatMessages)
      .where(matching)
      .limit(options.upTo)
      .as('bounded');
    const [row] = await db
      .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(bounded);
    return row?.count ?? 0;
  }
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(chatMessages)
    .where(matching);
  return row?.count ?? 0;
}

/** The messages of a room from `lowId` to `highId` (both included), oldest first, with their parts. */
async function messagesBetween(db: Db, roomId: number, lowId: number, highId: number) {
  const rows = await messagesQuery(db)
    .where(
      and(
        eq(chatMessages.roomId, roomId),
        gte(chatMessages.id, lowId),
        lte(chatMessages.id, highId),
      ),
    )
    .orderBy(asc(chatMessages.id));
  return withAttachments(db, rows);
}

/**
 * The `limit` messages just newer than `afterId`, oldest first, and how many newer ones there are
 * (this page included). Keyset: `id > afterId` on the `(room_id, id)` index.
 */
export async function messagesAfter(db: Db, roomId: number, afterId: number, limit: number) {
  const rows = await messagesQuery(db)
    .where(and(eq(chatMessages.roomId, roomId), gt(chatMessages.id, afterId)))
    .orderBy(asc(chatMessages.id))
    .limit(limit);
  const total = await countMessages(db, roomId, gt(chatMessages.id, afterId), {
    upTo: cursorCountMax(limit),
  });
  return { rows: await withAttachments(db, rows), total };
}

/**
 * The `limit` messages centred on `aroundId` (which must be a message of the room): ⌊limit/2⌋
 * older ones, the message and the rest newer; a side with fewer gives its share to the other.
 * Two keyset reads of ids (`id < aroundId` newest first, `id >= aroundId` oldest first, each
 * `limit + 1` long to tell whether more lie beyond), then the chosen stretch read once.
 */
export async function messagesAround(db: Db, roomId: number, aroundId: number, limit: number) {
  const olderIds = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.roomId, roomId), lt(chatMessages.id, aroundId)))
    .orderBy(desc(chatMessages.id))
    .limit(limit + 1);
  const newerIds = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.roomId, roomId), gte(chatMessages.id, aroundId)))
    .orderBy(asc(chatMessages.id))
    .limit(limit + 1);
  let olderTaken = Math.min(Math.floor(limit / 2), olderIds.length);
  const newerTaken = Math.min(limit - olderTaken, newerIds.length);
  olderTaken = Math.min(limit - newerTaken, olderIds.length);
  const low = olderTaken > 0 ? olderIds[olderTaken - 1]?.id : newerIds[0]?.id;
  const high = newerIds[newerTaken - 1]?.id;
  if (low === undefined || high === undefined) {
    return { rows: [], olderBeyond: 0, hasOlder: false, hasNewer: false };
  }
  const rows = await messagesBetween(db, roomId, low, high);
  const hasOlder = olderIds.length > olderTaken;
  const olderBeyond = hasOlder
    ? await countMessages(db, roomId, lt(chatMessages.id, low), { upTo: cursorCountMax(limit) })
    : 0;
  return { rows, olderBeyond, hasOlder, hasNewer: newerIds.length > newerTaken };
}

/** Whether the message is one of this room's (deleted ones included). */
export async function messageInRoom(db: Db, roomId: number, messageId: number) {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.roomId, roomId)))
    .limit(1);
  return row !== undefined;
}

/** The original a reply (sent with a file) answers: a message of this room, not deleted. */
export async function findReplyTarget(
  db: Db,
  roomId: number,
  id: number,
): Promise<ReplyRow | undefined> {
  const [row] = await db
    .select(replyView)
    .from(original)
    .leftJoin(originalSender, eq(originalSender.id, original.senderId))
    .where(and(eq(original.id, id), eq(original.roomId, roomId), isNull(original.deletedAt)))
    .limit(1);
  return row;
}

/** These messages as a room shows them (deleted ones included), in no particular order. */
export async function messagesByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return withAttachments(db, await messagesQuery(db).where(inArray(chatMessages.id, [...ids])));
}

export async function findMessage(db: Db, id: number): Promise<MessageView | undefined> {
  const [row] = await messagesQuery(db).where(eq(chatMessages.id, id)).limit(1);
  if (!row) return undefined;
  const [view] = await withAttachments(db, [row]);
  return view;
}

export async function softDeleteMessage(db: Db, id: number, now: Date): Promise<boolean> {
  const updated = await db
    .update(chatMessages)
    .set({ deletedAt: now })
    .where(and(eq(chatMessages.id, id), isNull(chatMessages.deletedAt)))
    .returning({ id: chatMessages.id });
  return updated.length > 0;
}

/** The room a message is in, and whether it is deleted (undefined: no such message). */
export async function messagePlace(db: Db, id: number) {
  const [row] = await db
    .select({
      roomId: chatMessages.roomId,
      senderId: chatMessages.senderId,
      deletedAt: chatMessages.deletedAt,
    })
    .from(chatMessages)
    .where(eq(chatMessages.id, id))
    .limit(1);
  return row;
}

/**
 * Replaces a message's text, keeping the old one with the time it was replaced; only a live
 * message still holding `previous` changes (two edits at once: one wins, the other answers false).
 */
export async function editMessage(
  db: Db,
  input: { messageId: number; previous: string; content: string; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(chatMessages)
      .set({ content: input.content, editedAt: input.now })
      .where(
        and(
          eq(chatMessages.id, input.messageId),
          eq(chatMessages.content, input.previous),
          isNull(chatMessages.deletedAt),
        ),
      )
      .returning({ id: chatMessages.id });
    if (updated.length === 0) return false;
    await tx.insert(chatMessageEdits).values({
      messageId: input.messageId,
      content: input.previous,
      replacedAt: input.now,
    });
    return true;
  });
}

/** A message's earlier texts replaced since `since`, newest first. */
export function editsOf(db: Db, messageId: number, since: Date) {
  return db
    .select({ content: chatMessageEdits.content, replacedAt: chatMessageEdits.replacedAt })
    .from(chatMessageEdits)
    .where(and(eq(chatMessageEdits.messageId, messageId), gt(chatMessageEdits.replacedAt, since)))
    .orderBy(desc(chatMessageEdits.replacedAt), desc(chatMessageEdits.id));
}

/** Earlier texts older than `before` are shown to no one: removed. */
export async function pruneEdits(db: Db, before: Date): Promise<void> {
  await db.delete(chatMessageEdits).where(lt(chatMessageEdits.replacedAt, before));
}
