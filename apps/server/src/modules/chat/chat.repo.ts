import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { ChatNotifyLevel } from '@teamup/contracts/chat';
import type { Db } from '../../db/client';
import { chatMessages, chatRoomMembers, chatRooms, users, workspaceMembers } from '../../db/schema';

/* Chat rooms and their members: rooms, membership, read pointers, levels, access, the notice. */

export type RoomRow = typeof chatRooms.$inferSelect;
export type MemberRow = {
  roomId: number;
  userId: number;
  name: string;
  email: string;
  profileImageUrl: string | null;
  joinedAt: Date;
  lastReadMessageId: number | null;
  notifyLevel: ChatNotifyLevel | null;
};
export async function findRoom(db: Db, id: number): Promise<RoomRow | undefined> {
  const [row] = await db.select().from(chatRooms).where(eq(chatRooms.id, id)).limit(1);
  return row;
}

/** The room of team `teamId` (migration 0028), if it has one. */
export async function findTeamRoom(db: Db, teamId: number): Promise<RoomRow | undefined> {
  const [row] = await db.select().from(chatRooms).where(eq(chatRooms.teamId, teamId)).limit(1);
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
      notifyLevel: chatRoomMembers.notifyLevel,
    })
    .from(chatRoomMembers)
    .innerJoin(users, eq(users.id, chatRoomMembers.userId))
    .where(inArray(chatRoomMembers.roomId, roomIds))
    .orderBy(asc(chatRoomMembers.joinedAt), asc(chatRoomMembers.userId));
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

/**
 * Moves the pointer forward only (an older message never un-reads newer ones). Answers where it
 * was before the move (null: never opened), or undefined when it did not move.
 */
export async function advanceLastRead(
  db: Db,
  roomId: number,
  userId: number,
  messageId: number,
): Promise<{ previous: number | null } | undefined> {
  const result = await db.execute(sql`
    WITH old AS (
      SELECT last_read_message_id AS previous FROM ${chatRoomMembers}
      WHERE room_id = ${roomId} AND user_id = ${userId}
      FOR UPDATE
    )
    UPDATE ${chatRoomMembers} SET last_read_message_id = ${messageId}::int FROM old
    WHERE ${chatRoomMembers}.room_id = ${roomId} AND ${chatRoomMembers}.user_id = ${userId}
      AND (${chatRoomMembers}.last_read_message_id IS NULL
        OR ${chatRoomMembers}.last_read_message_id < ${messageId}::int)
    RETURNING old.previous`);
  const [row] = (result as { rows: Array<{ previous: number | null }> }).rows;
  return row ? { previous: row.previous } : undefined;
}

/** Sets a member's notification level in a room; false when they are not in it. */
export async function setNotifyLevel(
  db: Db,
  roomId: number,
  userId: number,
  level: ChatNotifyLevel | null,
): Promise<boolean> {
  const rows = await db
    .update(chatRoomMembers)
    .set({ notifyLevel: level })
    .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, userId)))
    .returning({ userId: chatRoomMembers.userId });
  return rows.length > 0;
}

/**
 * Every member's read pointer in a room (one indexed read, no join): what a room's read counts
 * are counted from on the client.
 */
export function readPointersOf(db: Db, roomId: number) {
  return db
    .select({
      userId: chatRoomMembers.userId,
      lastReadMessageId: chatRoomMembers.lastReadMessageId,
    })
    .from(chatRoomMembers)
    .where(eq(chatRoomMembers.roomId, roomId))
    .orderBy(asc(chatRoomMembers.userId));
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

/** The room's pinned message id (its notice), or null. */
export async function pinnedMessageIdOf(db: Db, roomId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: chatRooms.pinnedMessageId })
    .from(chatRooms)
    .where(eq(chatRooms.id, roomId))
    .limit(1);
  return row?.id ?? null;
}

/** Sets (or clears) the room's notice; answers whether it changed. */
export async function setPinnedMessage(
  db: Db,
  roomId: number,
  messageId: number | null,
): Promise<boolean> {
  const updated = await db
    .update(chatRooms)
    .set({ pinnedMessageId: messageId })
    .where(
      and(
        eq(chatRooms.id, roomId),
        sql`${chatRooms.pinnedMessageId} IS DISTINCT FROM ${messageId}::int`,
      ),
    )
    .returning({ id: chatRooms.id });
  return updated.length > 0;
}
