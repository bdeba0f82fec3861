import { and, count, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  boards,
  chatRoomMembers,
  chatRooms,
  kanbanLists,
  kanbans,
  kanbanTaskAssignees,
  kanbanTasks,
  notificationPreferences,
  notifications,
  posts,
  teamMembers,
  teams,
  users,
  workspaceMembers,
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

/** A team's members with their names (whom a comment may mention). */
export async function teamMembersNamed(db: Db, teamId: number) {
  return db
    .select({ userId: teamMembers.userId, name: users.name })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId));
}

/**
 * What a comment's notices need of its subject: its team, its title, and whose it is (a post's
 * author; a task, which keeps no author, belongs to its assignees).
 */
export async function commentSubject(db: Db, subject: 'post' | 'task', subjectId: number) {
  if (subject === 'post') {
    const [row] = await db
      .select({ teamId: boards.teamId, title: posts.title, ownerId: posts.authorId })
      .from(posts)
      .innerJoin(boards, eq(boards.id, posts.boardId))
      .where(eq(posts.id, subjectId));
    return row && { teamId: row.teamId, title: row.title, ownerIds: [row.ownerId] };
  }
  const [row] = await db
    .select({ teamId: kanbans.teamId, title: kanbanTasks.subject })
    .from(kanbanTasks)
    .innerJoin(kanbanLists, eq(kanbanLists.id, kanbanTasks.listId))
    .innerJoin(kanbans, eq(kanbans.id, kanbanLists.kanbanId))
    .where(eq(kanbanTasks.id, subjectId));
  if (!row) return undefined;
  const assignees = await db
    .select({ userId: kanbanTaskAssignees.userId })
    .from(kanbanTaskAssignees)
    .where(eq(kanbanTaskAssignees.taskId, subjectId));
  return { teamId: row.teamId, title: row.title, ownerIds: assignees.map((a) => a.userId) };
}

/** The workspace's owner and admins. */
export async function workspaceManagerIds(db: Db, workspaceId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        inArray(workspaceMembers.role, ['OWNER', 'ADMIN']),
      ),
    );
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

/** The current names of `userIds` (those whose account is gone are missing). */
export async function namesOf(db: Db, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, row.name]));
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
      workspaceId: chatRooms.workspaceId,
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
  return {
    workspaceId: first.workspaceId,
    name: first.name,
    type: first.type,
    memberCount: Number(first.memberCount),
    members,
  };
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

/**
 * Rows a statement of `insertMany` writes at most. On the embedded database a statement holds the
 * one connection: a mention of a 1,000-member room written at once held every chat send behind it
 * for ~200 ms (bench push-fanout); in parts, the sends queued meanwhile go between them.
 */
const INSERT_PART = 200;

export async function insertMany(db: Db, rows: NewNotification[], now: Date) {
  const written: NotificationRow[] = [];
  for (let from = 0; from < rows.length; from += INSERT_PART) {
    const part = rows.slice(from, from + INSERT_PART);
    written.push(
      ...(await db
        .insert(notifications)
        .values(part.map((row) => ({ ...row, createdAt: now, updatedAt: now })))
        .returning()),
    );
  }
  return written;
}

/**
 * A room's chat notice that was read within this long of its last message is opened again by the
 * next one (the same item counts the new messages), so a burst of messages is one bell item even
 * for someone who reads along, instead of one read item per message.
 */
export const CHAT_BURST_GAP_MS = 10 * 60 * 1000;

/**
 * `count` chat messages (one, or a run of them drained together) for each of `userIds`: while
 * that room's notice is unread, the same one counted up with its text changed to say how many
 * ('외' once more than one person sent them); else, when it was read within CHAT_BURST_GAP_MS of
 * its last message, that one opened again with this run's count; else a new notification. A row
 * made or opened again here has `count` equal to `count`.
 */
export async function foldChat(
  db: Db,
  input: {
    userIds: number[];
    foldKey: string;
    link: string;
    /** The text of a new notification (of `count` messages). */
    firstMessage: string;
    /** The token of the last message's sender (it is in every text of theirs). */
    sender: string;
    /** The folded text is this followed by the count and '개', when the sender sent them all. */
    foldedPrefix: string;
    /** The same when others sent some of them too. */
    severalPrefix: string;
    /** Whether others sent some of this run's; false when absent. */
    several?: boolean;
    /** How many messages each of them is told of; 1 when absent. */
    count?: number;
  },
  now: Date,
) {
  if (input.userIds.length === 0) return [];
  const added = input.count ?? 1;
  const reopened = await db
    .update(notifications)
    .set({ readAt: null, count: added, message: input.firstMessage, updatedAt: now })
    .where(
      and(
        inArray(notifications.userId, input.userIds),
        eq(notifications.foldKey, input.foldKey),
        isNotNull(notifications.readAt),
        gte(notifications.updatedAt, new Date(now.getTime() - CHAT_BURST_GAP_MS)),
        // Their newest of the room, and none of the room unread.
        sql`${notifications.id} = (SELECT max(m.id) FROM notifications m
          WHERE m.user_id = ${notifications.userId} AND m.fold_key = ${input.foldKey})`,
        sql`NOT EXISTS (SELECT 1 FROM notifications u WHERE u.user_id = ${notifications.userId}
          AND u.fold_key = ${input.foldKey} AND u.read_at IS NULL)`,
      ),
    )
    .returning();
  const opened = new Set(reopened.map((row) => row.userId));
  const rest = input.userIds.filter((userId) => !opened.has(userId));
  if (rest.length === 0) return reopened;
  // The stored text names one sender (the last); they sent all of them while it names them
  // without '외' and this run's were theirs alone.
  const single = input.several
    ? sql`false`
    : sql`(position(${input.sender} in ${notifications.message}) > 0
        AND position(${`${input.sender}님 외 `} in ${notifications.message}) = 0)`;
  const folded = await db
    .insert(notifications)
    .values(
      rest.map((userId) => ({
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
        message: sql`(CASE WHEN ${single} THEN ${input.foldedPrefix}::text
          ELSE ${input.severalPrefix}::text END)
          || (${notifications.count} + ${added}::int)::text || '개'`,
        updatedAt: now,
      },
    })
    .returning();
  return [...reopened, ...folded];
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
