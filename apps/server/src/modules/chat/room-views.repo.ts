import { sql, type SQL } from 'drizzle-orm';
import { REPLY_PREVIEW_MAX } from '@teamup/contracts/chat';
import type { Db } from '../../db/client';
import { chatAttachments, chatMessages, chatRoomMembers, chatRooms, users } from '../../db/schema';
import type { AttachmentRow, MessageView } from './chat-messages.repo';
import type { MemberRow, RoomRow } from './chat.repo';

/*
 * Rooms as a viewer's room list shows them, in one statement: the rooms, each with its members,
 * the viewer's unread count and its newest message (sender, quoted original, files), the last two
 * only for a room the viewer is in: what a summary shows of the messages is what the viewer may
 * read of them. The room
 * list is the chat screen's first load and every live refresh of it; it was six queries.
 */

/** What a room list needs beside the rooms themselves, read once for all of them. */
export type RoomExtras = {
  members: MemberRow[];
  unread: Map<number, number>;
  last: Map<number, MessageView>;
};

type Stamp = string;
type MemberJson = Omit<MemberRow, 'joinedAt'> & { joinedAt: Stamp };
type AttachmentJson = AttachmentRow;
type LastJson = {
  message: Omit<MessageView['message'], 'createdAt' | 'deletedAt' | 'editedAt'> & {
    createdAt: Stamp;
    deletedAt: Stamp | null;
    editedAt: Stamp | null;
  };
  senderName: string | null;
  senderProfileImageUrl: string | null;
  reply: Omit<NonNullable<MessageView['reply']>, 'replyDeletedAt'> & {
    replyDeletedAt: Stamp | null;
  };
  attachments: AttachmentJson[] | null;
};
type RoomJson = Omit<RoomRow, 'createdAt'> & {
  createdAt: Stamp;
  members: MemberJson[] | null;
  unread: number;
  last: LastJson | null;
};

/** Which rooms: a page of the viewer's own, or given rooms (one just made or changed). */
export type RoomSelection =
  | { page: { workspaceId: number | null; offset: number; limit: number; newestFirst: boolean } }
  | { roomIds: number[] };

function roomsSelected(viewerId: number, selection: RoomSelection): { page: SQL; total: SQL } {
  if ('roomIds' in selection) {
    const ids = sql.join(
      selection.roomIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const chosen = selection.roomIds.length === 0 ? sql`false` : sql`r.id IN (${ids})`;
    return {
      page: sql`SELECT r.* FROM ${chatRooms} r WHERE ${chosen}`,
      total: sql`(SELECT count(*)::int FROM ${chatRooms} r WHERE ${chosen})`,
    };
  }
  const { workspaceId, offset, limit, newestFirst } = selection.page;
  const mine = sql`FROM ${chatRooms} r
    JOIN ${chatRoomMembers} m ON m.room_id = r.id AND m.user_id = ${viewerId}
    ${workspaceId === null ? sql`` : sql`WHERE r.workspace_id = ${workspaceId}`}`;
  const order = newestFirst ? sql`r.created_at DESC, r.id DESC` : sql`r.created_at, r.id`;
  return {
    page: sql`SELECT r.* ${mine} ORDER BY ${order} OFFSET ${offset} LIMIT ${limit}`,
    total: sql`(SELECT count(*)::int ${mine})`,
  };
}

export async function roomViews(db: Db, viewerId: number, selection: RoomSelection) {
  const { page, total } = roomsSelected(viewerId, selection);
  const newestFirst = 'page' in selection ? selection.page.newestFirst : true;
  const order = newestFirst ? sql`p.created_at DESC, p.id DESC` : sql`p.created_at, p.id`;
  const result = await db.execute(sql`
    WITH page AS (${page})
    SELECT ${total} AS total, COALESCE((
      SELECT json_agg(json_build_object(
        'id', p.id, 'workspaceId', p.workspace_id, 'type', p.type, 'name', p.name,
        'dmKey', p.dm_key, 'createdBy', p.created_by, 'createdAt', p.created_at,
        'pinnedMessageId', p.pinned_message_id,
        'members', (
          SELECT json_agg(json_build_object(
            'roomId', cm.room_id, 'userId', cm.user_id, 'name', u.name, 'email', u.email,
            'profileImageUrl', u.profile_image_url, 'joinedAt', cm.joined_at,
            'lastReadMessageId', cm.last_read_message_id, 'notifyLevel', cm.notify_level
          ) ORDER BY cm.joined_at, cm.user_id)
          FROM ${chatRoomMembers} cm JOIN ${users} u ON u.id = cm.user_id
          WHERE cm.room_id = p.id
        ),
        -- Messages after the viewer's last-read pointer (all when never opened), not their own,
        -- not deleted.
        'unread', (
          SELECT count(*)::int
          FROM ${chatMessages} x JOIN ${chatRoomMembers} me
            ON me.room_id = x.room_id AND me.user_id = ${viewerId}
          WHERE x.room_id = p.id AND x.deleted_at IS NULL
            AND (x.sender_id IS NULL OR x.sender_id <> ${viewerId})
            AND (me.last_read_message_id IS NULL OR x.id > me.last_read_message_id)
        ),
        'last', (
          SELECT json_build_object(
            'message', json_build_object(
              'id', lm.id, 'roomId', lm.room_id, 'senderId', lm.sender_id,
              'content', lm.content, 'createdAt', lm.created_at, 'deletedAt', lm.deleted_at,
              'replyToId', lm.reply_to_id, 'editedAt', lm.edited_at, 'botName', lm.bot_name
            ),
            'senderName', su.name, 'senderProfileImageUrl', su.profile_image_url,
            'reply', json_build_object(
              'replyId', o.id, 'replySenderId', o.sender_id, 'replySenderName', coalesce(ou.name, o.bot_name),
              'replyContent', left(o.content, ${REPLY_PREVIEW_MAX}),
              'replyDeletedAt', o.deleted_at,
              'replyHasAttachment',
                exists (SELECT 1 FROM ${chatAttachments} oa WHERE oa.message_id = o.id)
            ),
            'attachments', CASE WHEN lm.deleted_at IS NULL THEN (
              SELECT json_agg(json_build_object(
                'id', a.id, 'messageId', a.message_id, 'position', a.position,
                'originalName', a.original_name, 'storageKey', a.storage_key, 'size', a.size,
                'contentType', a.content_type, 'isImage', a.is_image
              ) ORDER BY a.position)
              FROM ${chatAttachments} a WHERE a.message_id = lm.id
            ) END
          )
          FROM ${chatMessages} lm
          LEFT JOIN ${users} su ON su.id = lm.sender_id
          LEFT JOIN ${chatMessages} o ON o.id = lm.reply_to_id
          LEFT JOIN ${users} ou ON ou.id = o.sender_id
          WHERE lm.id = (SELECT max(n.id) FROM ${chatMessages} n WHERE n.room_id = p.id)
            -- Only a member reads a room's messages (room-access.ts), so only a member's summary
            -- shows one: a room given by id (a DM its viewer left, asked for again) has none.
            AND EXISTS (
              SELECT 1 FROM ${chatRoomMembers} v WHERE v.room_id = p.id AND v.user_id = ${viewerId}
            )
        )
      ) ORDER BY ${order})
      FROM page p
    ), '[]'::json) AS rooms`);
  const row = (result as { rows: Array<{ total: number; rooms: RoomJson[] | string }> }).rows[0];
  // node-postgres and PGlite both parse json; a driver that did not would hand over the text.
  const json =
    typeof row?.rooms === 'string' ? (JSON.parse(row.rooms) as RoomJson[]) : (row?.rooms ?? []);
  return { total: Number(row?.total ?? 0), ...decodeRooms(json) };
}

function decodeRooms(json: RoomJson[]): { rooms: RoomRow[]; extras: RoomExtras } {
  const extras: RoomExtras = { members: [], unread: new Map(), last: new Map() };
  const rooms = json.map(({ members, unread, last, ...room }) => {
    for (const member of members ?? []) {
      extras.members.push({ ...member, joinedAt: new Date(member.joinedAt) });
    }
    extras.unread.set(room.id, unread);
    if (last) extras.last.set(room.id, decodeLast(last));
    return { ...room, createdAt: new Date(room.createdAt) };
  });
  return { rooms, extras };
}

function decodeLast(last: LastJson): MessageView {
  const { message, reply } = last;
  return {
    message: {
      ...message,
      createdAt: new Date(message.createdAt),
      deletedAt: message.deletedAt === null ? null : new Date(message.deletedAt),
      editedAt: message.editedAt === null ? null : new Date(message.editedAt),
    },
    senderName: last.senderName,
    senderProfileImageUrl: last.senderProfileImageUrl,
    reply: {
      ...reply,
      replyDeletedAt: reply.replyDeletedAt === null ? null : new Date(reply.replyDeletedAt),
    },
    attachments: last.attachments ?? [],
  };
}
