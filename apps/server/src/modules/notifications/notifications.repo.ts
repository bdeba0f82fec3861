import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  chatRoomMembers,
  chatRooms,
  kanbanTasks,
  notificationPreferences,
  notifications,
  teamMembers,
  teams,
  users,
  workspaces,
} from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;
export type Kind = NotificationRow['kind'];
export type NewNotification = {
  userId: number;
  kind: Kind;
  message: string;
  link: string;
};

export async function teamInfo(db: Db, teamId: number) {
  const [row] = await db
    .select({ name: teams.name, workspaceId: teams.workspaceId, leaderId: teams.leaderId })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row;
}

export async function teamMemberIds(db: Db, teamId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  return rows.map((row) => row.userId);
}

export async function taskSubject(db: Db, taskId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ subject: kanbanTasks.subject })
    .from(kanbanTasks)
    .where(eq(kanbanTasks.id, taskId));
  return row?.subject;
}

export async function userName(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name;
}

export async function workspaceName(db: Db, workspaceId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.name;
}

/** A room's name and type, and its members with their names (for mentions). */
/**
 * A room as its chat notices need it, in one statement: its name, type and member count, and
 * each member with their name, their level in the room and whether they turned chat notices off.
 * With `onlyChoseAllAbove`, a room of more members than that lists only those who chose ALL (in
 * such a room nobody else is told of a message that mentions no one), not its thousand members.
 */
export async function roomForChatNotices(
  db: Db,
  roomId: number,
  options: { onlyChoseAllAbove?: number } = {},
) {
  // Not correlated with the rows: computed once for the statement.
  const memberCount = sql<number>`(SELECT count(*)::int FROM ${chatRoomMembers} c
    WHERE c.room_id = ${roomId})`;
  const listed =
    options.onlyChoseAllAbove === undefined
      ? sql`true`
      : sql`(${chatRoomMembers.notifyLevel} = 'ALL' OR ${memberCount} <= ${options.onlyChoseAllAbove})`;
  const rows = await db
    .select({
      name: chatRooms.name,
      type: chatRooms.type,
      memberCount,
      userId: chatRoomMembers.userId,
      memberName: users.name,
      notifyLevel: chatRoomMembers.notifyLevel,
      chatOff: sql<boolean>`EXISTS (SELECT 1 FROM ${notificationPreferences} p
        WHERE p.user_id = ${chatRoomMembers.userId} AND p.kind = 'CHAT_MESSAGE'
          AND p.enabled = false)`,
    })
    .from(chatRooms)
    .leftJoin(chatRoomMembers, and(eq(chatRoomMembers.roomId, chatRooms.id), listed))
    .leftJoin(users, eq(users.id, chatRoomMembers.userId))
    .where(eq(chatRooms.id, roomId));
  const [first] = rows;
  if (!first) return undefined;
  const members = rows.flatMap((row) =>
    row.userId === null
      ? []
      : [
          {
            userId: row.userId,
            name: row.memberName ?? '',
            notifyLevel: row.notifyLevel,
            chatOff: row.chatOff === true,
          },
        ],
  );
  return { name: first.name, type: first.type, memberCount: Number(first.memberCount), members };
}

/** Of `userIds`, those who turned `kind` off. */
export async function optedOut(db: Db, kind: Kind, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: notificationPreferences.userId })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.kind, kind),
        eq(notificationPreferences.enabled, false),
        inArray(notificationPreferences.userId, userIds),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

export async function insertMany(db: Db, rows: NewNotification[], now: Date) {
  if (rows.length === 0) return [];
  return db
    .insert(notifications)
    .values(rows.map((row) => ({ ...row, createdAt: now, updatedAt: now })))
    .returning();
}

/**
 * `count` chat messages (one, or a run of them drained together) for each of `userIds`: a new
 * notification, or, while that room's one is still unread, the same one counted up with its text
 * changed to say how many (one statement). A row that was made here has `count` equal to `count`.
 */
export async function foldChat(
  db: Db,
  input: {
    userIds: number[];
    foldKey: string;
    link: string;
    /** The text of a new notification (of `count` messages). */
    firstMessage: string;
    /** The folded text is this followed by the count and '개'. */
    foldedPrefix: string;
    /** How many messages each of them is told of; 1 when absent. */
    count?: number;
  },
  now: Date,
) {
  if (input.userIds.length === 0) return [];
  const added = input.count ?? 1;
  return db
    .insert(notifications)
    .values(
      input.userIds.map((userId) => ({
        userId,
        kind: 'CHAT_MESSAGE' as const,
        message: input.firstMessage,
        link: input.link,
        foldKey: input.foldKey,
        count: added,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.foldKey],
      targetWhere: sql`read_at IS NULL AND fold_key IS NOT NULL`,
      set: {
        count: sql`${notifications.count} + ${added}::int`,
        message: sql`${input.foldedPrefix} || (${notifications.count} + ${added}::int)::text || '개'`,
        updatedAt: now,
      },
    })
    .returning();
}

export async function page(
  db: Db,
  userId: number,
  slice: { offset: number; limit: number; unreadOnly: boolean },
) {
  const where = and(
    eq(notifications.userId, userId),
    slice.unreadOnly ? isNull(notifications.readAt) : undefined,
  );
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .offset(slice.offset)
    .limit(slice.limit);
  const [total] = await db.select({ total: count() }).from(notifications).where(where);
  return { rows, total: total?.total ?? 0 };
}

/** Unread counts of several people at once. */
export async function unreadCounts(db: Db, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notifications.userId, unread: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  return new Map(rows.map((row) => [row.userId, row.unread]));
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/** Marks the caller's unread notifications read (those of `ids`, or all); answers which. */
export async function markRead(db: Db, userId: number, ids: number[] | 'ALL', now: Date) {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'ALL' ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

/** Reading a chat room reads its folded notification too. */
export async function markFoldRead(db: Db, userId: number, foldKey: string, now: Date) {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.foldKey, foldKey),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

export async function exists(db: Db, userId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row !== undefined;
}

export async function preferencesOf(db: Db, userId: number) {
  return db
    .select({ kind: notificationPreferences.kind, enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

export async function setPreferences(
  db: Db,
  userId: number,
  changes: Array<{ kind: Kind; enabled: boolean }>,
) {
  if (changes.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(changes.map((change) => ({ userId, ...change })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { enabled: sql`excluded.enabled` },
    });
}
