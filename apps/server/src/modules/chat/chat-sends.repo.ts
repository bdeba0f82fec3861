import { sql } from 'drizzle-orm';
import { REPLY_PREVIEW_MAX } from '@teamup/contracts/chat';
import type { Db } from '../../db/client';
import { genericPlan } from '../../db/plan-hints';
import {
  chatAttachments,
  chatMessages,
  chatRoomMembers,
  chatRooms,
  liveEvents,
  users,
  workspaceMembers,
} from '../../db/schema';
import type { MessageRow, ReplyRow } from './chat-messages.repo';

/* Storing chat messages: a plain insert, one text send with its access read, a batch of them. */

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
  const message = storedMessageOf(row, roomId, userId, replyTo);
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

/** The inserted message's columns a send statement answers (null where it stored nothing). */
type InsertedColumns = {
  messageId: number | null;
  content: string | null;
  createdAt: Date | string | null;
};

/** The stored message a send statement answered, or undefined when it stored none. */
function storedMessageOf(
  row: InsertedColumns,
  roomId: number,
  senderId: number,
  replyToId: number | null,
) {
  if (row.messageId === null || row.createdAt === null || row.content === null) return undefined;
  return {
    id: row.messageId,
    roomId,
    senderId,
    // As stored: the database's text is what every later read shows (a lone surrogate the
    // client sent is stored as U+FFFD).
    content: row.content,
    // Drivers differ in whether a raw query's timestamptz arrives parsed.
    createdAt: new Date(row.createdAt),
    deletedAt: null,
    replyToId,
    editedAt: null,
    botName: null,
  };
}

/** One plain text message of a batch (no reply: those go one by one). */
export type TextSend = {
  roomId: number;
  workspaceId: number;
  userId: number;
  content: string;
  createdAt: Date;
  /** Its live event, logged by the same statement (decision 0026). */
  event: { topic: string; payload: MessageEventTemplate };
};

/**
 * A sent message's live event as presented before it is stored: the statement fills in what
 * only it knows (the message's id, the sender's name and picture as stored), at the top and
 * in `message` alike, with `unknownSender` for a sender without a name.
 */
export type MessageEventTemplate = { message: Record<string, unknown> } & Record<string, unknown>;

/** A batched send as stored: what `insertTextMessageIfAllowed` answers, and its event's id. */
export type StoredBatchedText = StoredText & {
  /** The id of its live event in the log; none when nothing was stored. */
  eventId: number | undefined;
};

/**
 * Several plain text messages in one statement, each as `insertTextMessageIfAllowed` stores one:
 * its sender's access read, the insert only where that access allows it, each sender's read
 * pointer moved to their newest, and each stored message's live event written to the event log.
 * Answers, in the order given, what that function answers for each (undefined where the room
 * does not exist) with the logged event. The inputs travel as one JSON parameter; message ids and
 * event ids are drawn in the order given, so messages of one batch keep their order in their room
 * and their events in the log.
 */
export async function insertTextMessagesIfAllowed(
  db: Db,
  sends: readonly TextSend[],
  unknownSender: string,
): Promise<Array<StoredBatchedText | undefined>> {
  const input = JSON.stringify(
    sends.map((send, ord) => ({
      ord,
      room_id: send.roomId,
      workspace_id: send.workspaceId,
      user_id: send.userId,
      content: send.content,
      created_at: send.createdAt.toISOString(),
      topic: send.event.topic,
      event: send.event.payload,
    })),
  );
  const result = await db.execute(sql`
    WITH input AS (
      SELECT * FROM json_to_recordset(${input}::json) AS x(ord int, room_id int,
        workspace_id int, user_id int, content text, created_at timestamptz, topic text,
        event jsonb)
    ),
    access AS (
      -- Per input row (LATERAL, kept apart by OFFSET 0): index lookups of that sender's access,
      -- never scans of whole tables (the planner takes the JSON for 100 rows and would hash).
      SELECT i.ord, i.room_id, i.user_id, i.content, i.created_at, i.topic, i.event,
        a.workspace_id, a.role, a.room_member, a.name, a.profile_image_url,
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
      -- The sequences by name, resolved once when the statement is parsed: looking them up with
      -- pg_get_serial_sequence searched the catalog twice for every message.
      SELECT allowed.ord, nextval('chat_messages_id_seq'::regclass)::int AS id,
        nextval('live_events_id_seq'::regclass) AS event_id
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
    ),
    logged AS (
      INSERT INTO ${liveEvents} (id, topic, payload)
      OVERRIDING SYSTEM VALUE
      SELECT n.event_id, a.topic, a.event || sender.fields
        || jsonb_build_object('messageId', n.id, 'message',
          (a.event -> 'message') || sender.fields || jsonb_build_object('id', n.id))
      FROM numbered n JOIN access a ON a.ord = n.ord
      CROSS JOIN LATERAL (SELECT jsonb_build_object(
        'senderName', coalesce(a.name, ${unknownSender}::text),
        'senderProfileImageUrl', a.profile_image_url) AS fields) sender
      ORDER BY n.event_id
      RETURNING id
    )
    SELECT a.ord, a.workspace_id AS "workspaceId", a.role, a.room_member AS "roomMember",
      a.name, a.profile_image_url AS "profileImageUrl", a.topic,
      ins.id AS "messageId", ins.content, ins.created_at AS "createdAt",
      lg.id AS "eventId"
    FROM access a LEFT JOIN numbered n ON n.ord = a.ord LEFT JOIN inserted ins ON ins.id = n.id
      LEFT JOIN logged lg ON lg.id = n.event_id
    ${genericPlan}`);
  const rows = (
    result as {
      rows: Array<{
        ord: number;
        workspaceId: number | null;
        role: (typeof workspaceMembers.$inferSelect)['role'] | null;
        roomMember: number | null;
        name: string | null;
        profileImageUrl: string | null;
        topic: string;
        messageId: number | null;
        content: string | null;
        createdAt: Date | string | null;
        eventId: number | string | bigint | null;
      }>;
    }
  ).rows;
  const byOrd = new Map(rows.map((row) => [Number(row.ord), row]));
  return sends.map((send, ord) => {
    const row = byOrd.get(ord);
    if (!row || row.workspaceId === null) return undefined;
    const message = storedMessageOf(row, send.roomId, send.userId, null);
    if (message && row.eventId === null) throw new Error('a stored message without its event');
    return {
      workspaceId: row.workspaceId,
      role: row.role,
      roomMember: row.roomMember,
      name: row.name,
      profileImageUrl: row.profileImageUrl,
      message,
      reply: null,
      replyFound: true,
      // bigint: drivers differ (a string from pg, a number or BigInt from PGlite).
      eventId: message && row.eventId !== null ? Number(row.eventId) : undefined,
    };
  });
}
