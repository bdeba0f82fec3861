import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  chatAttachments,
  chatMessages,
  chatRoomMembers,
  chatRooms,
  users,
  workspaceMembers,
} from '../../db/schema';
import type { FileOwner } from '../../platform/storage/owned-files';

export type RoomRow = typeof chatRooms.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type MemberRow = {
  roomId: number;
  userId: number;
  name: string;
  email: string;
  profileImageUrl: string | null;
  joinedAt: Date;
  lastReadMessageId: number | null;
};
export type AttachmentRow = typeof chatAttachments.$inferSelect;
export type MessageView = {
  message: MessageRow;
  senderName: string | null;
  senderProfileImageUrl: string | null;
  attachment: AttachmentRow | null;
};

export async function findRoom(db: Db, id: number): Promise<RoomRow | undefined> {
  const [row] = await db.select().from(chatRooms).where(eq(chatRooms.id, id)).limit(1);
  return row;
}

export async function findDm(db: Db, workspaceId: number, dmKey: string) {
  const [row] = await db
    .select()
    .from(chatRooms)
    .where(and(eq(chatRooms.workspaceId, workspaceId), eq(chatRooms.dmKey, dmKey)))
    .limit(1);
  return row;
}

/** Inserts a room; for a DM that already exists (a race) answers undefined. */
export async function insertRoom(
  db: Db,
  row: typeof chatRooms.$inferInsert,
): Promise<RoomRow | undefined> {
  const [inserted] = await db.insert(chatRooms).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function renameRoom(db: Db, id: number, name: string) {
  await db.update(chatRooms).set({ name }).where(eq(chatRooms.id, id));
}

export async function addMembers(db: Db, roomId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const added = await db
    .insert(chatRoomMembers)
    .values(userIds.map((userId) => ({ roomId, userId })))
    .onConflictDoNothing()
    .returning({ userId: chatRoomMembers.userId });
  return added.map((row) => row.userId);
}

export async function removeMember(db: Db, roomId: number, userId: number): Promise<boolean> {
  const removed = await db
    .delete(chatRoomMembers)
    .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, userId)))
    .returning({ userId: chatRoomMembers.userId });
  return removed.length > 0;
}

export async function isMember(db: Db, roomId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: chatRoomMembers.userId })
    .from(chatRoomMembers)
    .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

export function membersOf(db: Db, roomIds: number[]): Promise<MemberRow[]> {
  if (roomIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      roomId: chatRoomMembers.roomId,
      userId: chatRoomMembers.userId,
      name: users.name,
      email: users.email,
      profileImageUrl: users.profileImageUrl,
      joinedAt: chatRoomMembers.joinedAt,
      lastReadMessageId: chatRoomMembers.lastReadMessageId,
    })
    .from(chatRoomMembers)
    .innerJoin(users, eq(users.id, chatRoomMembers.userId))
    .where(inArray(chatRoomMembers.roomId, roomIds))
    .orderBy(asc(chatRoomMembers.joinedAt), asc(chatRoomMembers.userId));
}

/** The rooms of `userId` in a workspace (or in all workspaces), paged by creation time. */
export async function roomsOfUser(
  db: Db,
  userId: number,
  workspaceId: number | null,
  slice: { offset: number; limit: number; newestFirst: boolean },
) {
  const condition = and(
    eq(chatRoomMembers.userId, userId),
    workspaceId === null ? undefined : eq(chatRooms.workspaceId, workspaceId),
  );
  const rows = await db
    .select({ room: chatRooms })
    .from(chatRooms)
    .innerJoin(chatRoomMembers, eq(chatRoomMembers.roomId, chatRooms.id))
    .where(condition)
    .orderBy(
      slice.newestFirst ? desc(chatRooms.createdAt) : asc(chatRooms.createdAt),
      slice.newestFirst ? desc(chatRooms.id) : asc(chatRooms.id),
    )
    .offset(slice.offset)
    .limit(slice.limit);
  const [total] = await db
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(chatRooms)
    .innerJoin(chatRoomMembers, eq(chatRoomMembers.roomId, chatRooms.id))
    .where(condition);
  return { rooms: rows.map((row) => row.room), total: total?.count ?? 0 };
}

/** Ids of every room `userId` is in (for live subscriptions). */
export async function roomIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ roomId: chatRoomMembers.roomId })
    .from(chatRoomMembers)
    .where(eq(chatRoomMembers.userId, userId));
  return rows.map((row) => row.roomId);
}

/**
 * Unread per room for one reader: messages after their last-read pointer (all of them when they
 * never opened the room), not their own, not deleted.
 */
export async function unreadCounts(db: Db, userId: number, roomIds: number[]) {
  if (roomIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({
      roomId: chatMessages.roomId,
      count: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(chatMessages)
    .innerJoin(
      chatRoomMembers,
      and(eq(chatRoomMembers.roomId, chatMessages.roomId), eq(chatRoomMembers.userId, userId)),
    )
    .where(
      and(
        inArray(chatMessages.roomId, roomIds),
        isNull(chatMessages.deletedAt),
        or(isNull(chatMessages.senderId), ne(chatMessages.senderId, userId)),
        or(
          isNull(chatRoomMembers.lastReadMessageId),
          gt(chatMessages.id, chatRoomMembers.lastReadMessageId),
        ),
      ),
    )
    .groupBy(chatMessages.roomId);
  return new Map(rows.map((row) => [row.roomId, row.count]));
}

const messageView = {
  message: chatMessages,
  senderName: users.name,
  senderProfileImageUrl: users.profileImageUrl,
  attachment: chatAttachments,
};
const attachmentOfMessage = eq(chatAttachments.messageId, chatMessages.id);

/** The newest message of each room. */
export async function lastMessages(db: Db, roomIds: number[]): Promise<Map<number, MessageView>> {
  if (roomIds.length === 0) return new Map();
  const newest = db
    .select({ id: sql<number>`max(${chatMessages.id})`.as('id') })
    .from(chatMessages)
    .where(inArray(chatMessages.roomId, roomIds))
    .groupBy(chatMessages.roomId);
  const rows = await db
    .select(messageView)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .leftJoin(chatAttachments, attachmentOfMessage)
    .where(inArray(chatMessages.id, newest));
  return new Map(rows.map((row) => [row.message.roomId, row]));
}

export async function messagePage(
  db: Db,
  roomId: number,
  query: { offset: number; limit: number; newestFirst: boolean; beforeId?: number | undefined },
) {
  if (query.beforeId !== undefined) {
    // The `limit` messages just older than the cursor, answered oldest first.
    const rows = await db
      .select(messageView)
      .from(chatMessages)
      .leftJoin(users, eq(users.id, chatMessages.senderId))
      .leftJoin(chatAttachments, attachmentOfMessage)
      .where(and(eq(chatMessages.roomId, roomId), lt(chatMessages.id, query.beforeId)))
      .orderBy(desc(chatMessages.id))
      .limit(query.limit);
    const [older] = await db
      .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(chatMessages)
      .where(and(eq(chatMessages.roomId, roomId), lt(chatMessages.id, query.beforeId)));
    return { rows: rows.reverse(), total: older?.count ?? 0 };
  }
  const rows = await db
    .select(messageView)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .leftJoin(chatAttachments, attachmentOfMessage)
    .where(eq(chatMessages.roomId, roomId))
    .orderBy(query.newestFirst ? desc(chatMessages.id) : asc(chatMessages.id))
    .offset(query.offset)
    .limit(query.limit);
  const [total] = await db
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(chatMessages)
    .where(eq(chatMessages.roomId, roomId));
  return { rows, total: total?.count ?? 0 };
}

export async function insertMessage(db: Db, row: typeof chatMessages.$inferInsert) {
  const [inserted] = await db.insert(chatMessages).values(row).returning();
  if (!inserted) throw new Error('message insert returned nothing');
  return inserted;
}

/**
 * A text message in one statement: the caller's access as accessOf reads it, the insert only when
 * that access allows it (in the workspace and in the room), and the sender's read pointer moved
 * to it. Answers the access (to name a refusal) and the stored message, or no message.
 */
export async function insertTextMessageIfAllowed(
  db: Db,
  input: { roomId: number; workspaceId: number; userId: number; content: string; createdAt: Date },
) {
  const { roomId, workspaceId, userId, content, createdAt } = input;
  const result = await db.execute(sql`
    WITH access AS (
      SELECT r.workspace_id, wm.role, m.user_id AS room_member, u.name, u.profile_image_url
      FROM ${chatRooms} r
      LEFT JOIN ${workspaceMembers} wm ON wm.workspace_id = r.workspace_id AND wm.user_id = ${userId}
      LEFT JOIN ${chatRoomMembers} m ON m.room_id = r.id AND m.user_id = ${userId}
      LEFT JOIN ${users} u ON u.id = ${userId}
      WHERE r.id = ${roomId}
    ),
    inserted AS (
      INSERT INTO ${chatMessages} (room_id, sender_id, content, created_at)
      SELECT ${roomId}, ${userId}, ${content}, ${createdAt.toISOString()}::timestamptz FROM access
      WHERE access.workspace_id = ${workspaceId}
        AND access.role IS NOT NULL AND access.room_member IS NOT NULL
      RETURNING id, content, created_at
    ),
    pointer AS (
      UPDATE ${chatRoomMembers} SET last_read_message_id = inserted.id FROM inserted
      WHERE ${chatRoomMembers}.room_id = ${roomId} AND ${chatRoomMembers}.user_id = ${userId}
        AND (${chatRoomMembers}.last_read_message_id IS NULL
          OR ${chatRoomMembers}.last_read_message_id < inserted.id)
    )
    SELECT access.workspace_id AS "workspaceId", access.role, access.room_member AS "roomMember",
      access.name, access.profile_image_url AS "profileImageUrl",
      inserted.id AS "messageId", inserted.content, inserted.created_at AS "createdAt"
    FROM access LEFT JOIN inserted ON true`);
  const [row] = (
    result as {
      rows: Array<{
        workspaceId: number;
        role: (typeof workspaceMembers.$inferSelect)['role'] | null;
        roomMember: number | null;
        name: string | null;
        profileImageUrl: string | null;
        messageId: number | null;
        content: string | null;
        createdAt: Date | string | null;
      }>;
    }
  ).rows;
  if (!row) return undefined;
  const message =
    row.messageId === null || row.createdAt === null || row.content === null
      ? undefined
      : {
          id: row.messageId,
          roomId,
          senderId: userId,
          // As stored: the database's text is what every later read shows (a lone surrogate
          // the client sent is stored as U+FFFD).
          content: row.content,
          // Drivers differ in whether a raw query's timestamptz arrives parsed.
          createdAt: new Date(row.createdAt),
          deletedAt: null,
        };
  return { ...row, message };
}

export async function findMessage(db: Db, id: number): Promise<MessageView | undefined> {
  const [row] = await db
    .select(messageView)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .leftJoin(chatAttachments, attachmentOfMessage)
    .where(eq(chatMessages.id, id))
    .limit(1);
  return row;
}

export async function insertAttachment(db: Db, row: typeof chatAttachments.$inferInsert) {
  const [inserted] = await db.insert(chatAttachments).values(row).returning();
  if (!inserted) throw new Error('attachment insert returned nothing');
  return inserted;
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

/** Removes a message's attachment row, answering its storage key (null when it had none). */
export async function deleteAttachmentOf(db: Db, messageId: number): Promise<string | null> {
  const [removed] = await db
    .delete(chatAttachments)
    .where(eq(chatAttachments.messageId, messageId))
    .returning({ key: chatAttachments.storageKey });
  return removed?.key ?? null;
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

export async function softDeleteMessage(db: Db, id: number, now: Date): Promise<boolean> {
  const updated = await db
    .update(chatMessages)
    .set({ deletedAt: now })
    .where(and(eq(chatMessages.id, id), isNull(chatMessages.deletedAt)))
    .returning({ id: chatMessages.id });
  return updated.length > 0;
}

/** Moves the pointer forward only (an older message never un-reads newer ones). */
export async function advanceLastRead(db: Db, roomId: number, userId: number, messageId: number) {
  const updated = await db
    .update(chatRoomMembers)
    .set({ lastReadMessageId: messageId })
    .where(
      and(
        eq(chatRoomMembers.roomId, roomId),
        eq(chatRoomMembers.userId, userId),
        or(
          isNull(chatRoomMembers.lastReadMessageId),
          lt(chatRoomMembers.lastReadMessageId, messageId),
        ),
      ),
    )
    .returning({ userId: chatRoomMembers.userId });
  return updated.length > 0;
}

/**
 * One read for a caller's access to a room: the room, their role in its workspace (null when
 * not a member), whether they are in the room, and their name and picture for what they send.
 */
export async function accessOf(db: Db, roomId: number, userId: number) {
  const [row] = await db
    .select({
      room: chatRooms,
      role: workspaceMembers.role,
      roomMember: chatRoomMembers.userId,
      name: users.name,
      profileImageUrl: users.profileImageUrl,
    })
    .from(chatRooms)
    .leftJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, chatRooms.workspaceId),
        eq(workspaceMembers.userId, userId),
      ),
    )
    .leftJoin(
      chatRoomMembers,
      and(eq(chatRoomMembers.roomId, chatRooms.id), eq(chatRoomMembers.userId, userId)),
    )
    .leftJoin(users, eq(users.id, userId))
    .where(eq(chatRooms.id, roomId))
    .limit(1);
  return row;
}
