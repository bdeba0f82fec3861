import { and, asc, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatAttachments, chatMessages, chatRooms, users } from '../../db/schema';
import type { FileOwner } from '../../platform/storage/owned-files';
import type { AttachmentRow } from './chat-messages.repo';

/* The files chat messages carry: storing them with a message, finding one, a room's list. */

/** A message's files, in the order given (their `position`). */
export async function insertAttachments(
  db: Db,
  messageId: number,
  files: ReadonlyArray<Omit<typeof chatAttachments.$inferInsert, 'messageId' | 'position'>>,
): Promise<AttachmentRow[]> {
  if (files.length === 0) return [];
  const inserted = await db
    .insert(chatAttachments)
    .values(files.map((file, position) => ({ ...file, messageId, position })))
    .returning();
  return inserted.sort((a, b) => a.position - b.position);
}

/** An attachment with the room its message is in and whether the message is deleted. */
export async function findAttachment(db: Db, id: number) {
  const [row] = await db
    .select({
      attachment: chatAttachments,
      roomId: chatMessages.roomId,
      deletedAt: chatMessages.deletedAt,
    })
    .from(chatAttachments)
    .innerJoin(chatMessages, eq(chatMessages.id, chatAttachments.messageId))
    .where(eq(chatAttachments.id, id))
    .limit(1);
  return row;
}

/** Removes a message's attachment rows, answering their storage keys (none: empty). */
export async function deleteAttachmentsOf(db: Db, messageId: number): Promise<string[]> {
  const removed = await db
    .delete(chatAttachments)
    .where(eq(chatAttachments.messageId, messageId))
    .returning({ key: chatAttachments.storageKey });
  return removed.map((row) => row.key);
}

/** A room's file (with the message that carried it) for the files list. */
export type RoomFileRow = {
  attachment: AttachmentRow;
  messageId: number;
  senderId: number | null;
  senderName: string | null;
  sentAt: Date;
};

/**
 * A room's files of messages not deleted, newest message first and each message's files in
 * their order; keyset-paged after `after` (the last file of the page before). Reads `limit`.
 */
export async function roomFiles(
  db: Db,
  roomId: number,
  query: {
    limit: number;
    after?: { messageId: number; position: number } | undefined;
    images?: boolean | undefined;
  },
): Promise<RoomFileRow[]> {
  const after = query.after;
  return db
    .select({
      attachment: chatAttachments,
      messageId: chatMessages.id,
      senderId: chatMessages.senderId,
      senderName: sql<string | null>`coalesce(${users.name}, ${chatMessages.botName})`,
      sentAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .innerJoin(chatAttachments, eq(chatAttachments.messageId, chatMessages.id))
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .where(
      and(
        eq(chatMessages.roomId, roomId),
        isNull(chatMessages.deletedAt),
        query.images === undefined ? undefined : eq(chatAttachments.isImage, query.images),
        after === undefined
          ? undefined
          : or(
              lt(chatMessages.id, after.messageId),
              and(
                eq(chatMessages.id, after.messageId),
                gt(chatAttachments.position, after.position),
              ),
            ),
      ),
    )
    .orderBy(desc(chatMessages.id), asc(chatAttachments.position))
    .limit(query.limit);
}

/** The stored chat files of a workspace's rooms (chat rooms belong to no team). */
export async function storageKeysOf(db: Db, owner: FileOwner): Promise<string[]> {
  if (!('workspaceId' in owner)) return [];
  const rows = await db
    .select({ key: chatAttachments.storageKey })
    .from(chatAttachments)
    .innerJoin(chatMessages, eq(chatMessages.id, chatAttachments.messageId))
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
    .where(eq(chatRooms.workspaceId, owner.workspaceId));
  return rows.map((row) => row.key);
}
