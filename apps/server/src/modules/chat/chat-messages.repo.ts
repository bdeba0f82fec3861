import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REPLY_PREVIEW_MAX } from '@teamup/contracts/chat';
import type { Db } from '../../db/client';
import {
  chatAttachments,
  chatMessageEdits,
  chatMessageReactions,
  chatMessages,
  chatRoomMembers,
  chatRooms,
  users,
  workspaceMembers,
} from '../../db/schema';
import type { FileOwner } from '../../platform/storage/owned-files';

/* Chat messages as rooms show them: reads, sends, files, reactions and edits. */

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
export type ReactionRow = {
  messageId: number;
  emoji: string;
  userId: number;
  name: string;
};

const original = alias(chatMessages, 'original');
const originalSender = alias(users, 'original_sender');
const replyView = {
  replyId: original.id,
  replySenderId: original.senderId,
  replySenderName: originalSender.name,
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

export async function insertMessage(db: Db, row: typeof chatMessages.$inferInsert) {
  const [inserted] = await db.insert(chatMessages).values(row).returning();
  if (!inserted) throw new Error('message insert returned nothing');
  return inserted;
}

/** What storing a text message answers: the sender's access read, and the message if stored. */
export type StoredText = {
  workspaceId: number;
  role: (typeof workspaceMembers.$inferSelect)['role'] | null;
  roomMember: number | null;
  name: string | null;
  profileImageUrl: string | null;
  message: MessageRow | undefined;
  reply: ReplyRow | null;
  /** False when a reply's original is not a message of the room (then nothing was stored). */
  replyFound: boolean;
};

/**
 * A text message in one statement: the caller's access as accessOf reads it, the original it
 * answers (when `replyTo` is set: a message of this room, not deleted), the insert only when that
 * access allows it (in the workspace and in the room) and the original is there, and the
 * sender's read pointer moved to it. Answers the access (to name a refusal), whether the
 * original was found, and the stored message (with the original's preview), or no message.
 */
export async function insertTextMessageIfAllowed(
  db: Db,
  input: {
    roomId: number;
    workspaceId: number;
    userId: number;
    content: string;
    createdAt: Date;
    replyTo?: number | undefined;
  },
): Promise<StoredText | undefined> {
  const { roomId, workspaceId, userId, content, createdAt } = input;
  const replyTo = input.replyTo ?? null;
  // Without a reply the statement has no `original` part at all: PGlite plans every statement
  // anew, and that part's planning was a third of a plain send's database time (issue 18).
  const part =
    replyTo === null
      ? {
          cte: sql``,
          found: sql``,
          columns: sql`NULL::int AS "replyId", NULL::int AS "replySenderId",
            NULL::text AS "replySenderName", NULL::text AS "replyContent",
            NULL::boolean AS "replyHasAttachment"`,
          join: sql``,
        }
      : {
          cte: sql`original AS (
            SELECT o.id, o.sender_id, ou.name AS sender_name,
              left(o.content, ${REPLY_PREVIEW_MAX}) AS content,
              EXISTS (SELECT 1 FROM ${chatAttachments} a WHERE a.message_id = o.id) AS has_attachment
            FROM ${chatMessages} o LEFT JOIN ${users} ou ON ou.id = o.sender_id
            WHERE o.id = ${replyTo}::int AND o.room_id = ${roomId} AND o.deleted_at IS NULL
          ),`,
          found: sql`AND EXISTS (SELECT 1 FROM original)`,
          columns: sql`original.id AS "replyId", original.sender_id AS "replySenderId",
            original.sender_name AS "replySenderName", original.content AS "replyContent",
            original.has_attachment AS "replyHasAttachment"`,
          join: sql`LEFT JOIN original ON true`,
        };
  const result = await db.execute(sql`
    WITH access AS (
      SELECT r.workspace_id, wm.role, m.user_id AS room_member, u.name, u.profile_image_url
      FROM ${chatRooms} r
      LEFT JOIN ${workspaceMembers} wm ON wm.workspace_id = r.workspace_id AND wm.user_id = ${userId}
      LEFT JOIN ${chatRoomMembers} m ON m.room_id = r.id AND m.user_id = ${userId}
      LEFT JOIN ${users} u ON u.id = ${userId}
      WHERE r.id = ${roomId}
    ),
    ${part.cte}
    inserted AS (
      INSERT INTO ${chatMessages} (room_id, sender_id, content, created_at, reply_to_id)
      SELECT ${roomId}, ${userId}, ${content}, ${createdAt.toISOString()}::timestamptz,
        ${replyTo}::int
      FROM access
      WHERE access.workspace_id = ${workspaceId}
        AND access.role IS NOT NULL AND access.room_member IS NOT NULL
        ${part.found}
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
      inserted.id AS "messageId", inserted.content, inserted.created_at AS "createdAt",
      ${part.columns}
    FROM access LEFT JOIN inserted ON true ${part.join}`);
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
        replyId: number | null;
        replySenderId: number | null;
        replySenderName: string | null;
        replyContent: string | null;
        replyHasAttachment: boolean | null;
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
          replyToId: replyTo,
          editedAt: null,
        };
  const reply: ReplyRow | null =
    row.replyId === null
      ? null
      : {
          replyId: row.replyId,
          replySenderId: row.replySenderId,
          replySenderName: row.replySenderName,
          replyContent: row.replyContent,
          replyDeletedAt: null,
          replyHasAttachment: row.replyHasAttachment,
        };
  return { ...row, message, reply, replyFound: replyTo === null || row.replyId !== null };
}

/** One plain text message of a batch (no reply: those go one by one). */
export type TextSend = {
  roomId: number;
  workspaceId: number;
  userId: number;
  content: string;
  createdAt: Date;
};

/**
 * Several plain text messages in one statement, each as `insertTextMessageIfAllowed` stores one:
 * its sender's access read, the insert only where that access allows it, and each sender's read
 * pointer moved to their newest. Answers, in the order given, what that function answers for
 * each (undefined where the room does not exist). The inputs travel as one JSON parameter; ids
 * are drawn in the order given, so messages of one batch keep their order in their room.
 */
export async function insertTextMessagesIfAllowed(
  db: Db,
  sends: readonly TextSend[],
): Promise<Array<StoredText | undefined>> {
  const input = JSON.stringify(
    sends.map((send, ord) => ({
      ord,
      room_id: send.roomId,
      workspace_id: send.workspaceId,
      user_id: send.userId,
      content: send.content,
      created_at: send.createdAt.toISOString(),
    })),
  );
  const result = await db.execute(sql`
    WITH input AS (
      SELECT * FROM json_to_recordset(${input}::json) AS x(ord int, room_id int,
        workspace_id int, user_id int, content text, created_at timestamptz)
    ),
    access AS (
      -- Per input row (LATERAL, kept apart by OFFSET 0): index lookups of that sender's access,
      -- never scans of whole tables (the planner takes the JSON for 100 rows and would hash).
      SELECT i.ord, i.room_id, i.user_id, i.content, i.created_at, a.workspace_id, a.role,
        a.room_member, a.name, a.profile_image_url,
        (a.workspace_id = i.workspace_id AND a.role IS NOT NULL AND a.room_member IS NOT NULL)
          AS allowed
      FROM input i LEFT JOIN LATERAL (
        SELECT r.workspace_id, wm.role, m.user_id AS room_member, u.name, u.profile_image_url
        FROM ${chatRooms} r
        LEFT JOIN ${workspaceMembers} wm ON wm.workspace_id = r.workspace_id
          AND wm.user_id = i.user_id
        LEFT JOIN ${chatRoomMembers} m ON m.room_id = r.id AND m.user_id = i.user_id
        LEFT JOIN ${users} u ON u.id = i.user_id
        WHERE r.id = i.room_id
        OFFSET 0
      ) a ON true
    ),
    numbered AS (
      SELECT allowed.ord, nextval(pg_get_serial_sequence('chat_messages', 'id'))::int AS id
      FROM (SELECT ord FROM access WHERE allowed ORDER BY ord) allowed
    ),
    inserted AS (
      INSERT INTO ${chatMessages} (id, room_id, sender_id, content, created_at)
      OVERRIDING SYSTEM VALUE
      SELECT n.id, a.room_id, a.user_id, a.content, a.created_at
      FROM numbered n JOIN access a ON a.ord = n.ord
      ORDER BY n.id
      RETURNING id, room_id, sender_id, content, created_at
    ),
    pointer AS (
      UPDATE ${chatRoomMembers} SET last_read_message_id = newest.id
      FROM (SELECT room_id, sender_id, max(id) AS id FROM inserted GROUP BY room_id, sender_id)
        newest
      WHERE ${chatRoomMembers}.room_id = newest.room_id
        AND ${chatRoomMembers}.user_id = newest.sender_id
        AND (${chatRoomMembers}.last_read_message_id IS NULL
          OR ${chatRoomMembers}.last_read_message_id < newest.id)
    )
    SELECT a.ord, a.workspace_id AS "workspaceId", a.role, a.room_member AS "roomMember",
      a.name, a.profile_image_url AS "profileImageUrl",
      ins.id AS "messageId", ins.content, ins.created_at AS "createdAt"
    FROM access a LEFT JOIN numbered n ON n.ord = a.ord LEFT JOIN inserted ins ON ins.id = n.id`);
  const rows = (
    result as {
      rows: Array<{
        ord: number;
        workspaceId: number | null;
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
  const byOrd = new Map(rows.map((row) => [Number(row.ord), row]));
  return sends.map((send, ord) => {
    const row = byOrd.get(ord);
    if (!row || row.workspaceId === null) return undefined;
    const message =
      row.messageId === null || row.createdAt === null || row.content === null
        ? undefined
        : {
            id: row.messageId,
            roomId: send.roomId,
            senderId: send.userId,
            content: row.content,
            createdAt: new Date(row.createdAt),
            deletedAt: null,
            replyToId: null,
            editedAt: null,
          };
    return {
      workspaceId: row.workspaceId,
      role: row.role,
      roomMember: row.roomMember,
      name: row.name,
      profileImageUrl: row.profileImageUrl,
      message,
      reply: null,
      replyFound: true,
    };
  });
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

export async function findMessage(db: Db, id: number): Promise<MessageView | undefined> {
  const [row] = await messagesQuery(db).where(eq(chatMessages.id, id)).limit(1);
  if (!row) return undefined;
  const [view] = await withAttachments(db, [row]);
  return view;
}

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
      senderName: users.name,
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

export async function softDeleteMessage(db: Db, id: number, now: Date): Promise<boolean> {
  const updated = await db
    .update(chatMessages)
    .set({ deletedAt: now })
    .where(and(eq(chatMessages.id, id), isNull(chatMessages.deletedAt)))
    .returning({ id: chatMessages.id });
  return updated.length > 0;
}

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
