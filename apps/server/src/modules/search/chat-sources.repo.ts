import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { mentionsAsText, parseMentions } from '@teamup/contracts/chat';
import type { Db } from '../../db/client';
import { chatAttachments, chatMessages, chatRoomMembers, chatRooms, users } from '../../db/schema';
import {
  matchesAll,
  scoreOf,
  totalOver,
  withinFilters,
} from '../../platform/search/search-sql.repo';
import {
  NO_RESULTS,
  type SearchScope,
  type SearchSource,
} from '../../platform/search/search-source';

/*
 * Chat's searchable content. It belongs in the chat module (like board.search.repo.ts in board);
 * it lives here, reading chat's tables, until chat's current work is merged, then moves there
 * unchanged and is listed in chat.module.ts instead of search.module.ts.
 */

// The expression the trigram and bigram indexes of migrations 0020 and 0023 are built on.
const messageText = sql`${chatMessages.content}`;
/** A message's, and its files', person and day for the filters. */
const sentBy = { person: chatMessages.senderId, createdAt: chatMessages.createdAt };

/** Only rooms of this workspace the caller is a member of, now. */
function memberOfRoom(scope: SearchScope) {
  return and(
    eq(chatRooms.workspaceId, scope.workspaceId),
    sql`EXISTS (SELECT 1 FROM ${chatRoomMembers} WHERE ${chatRoomMembers.roomId} = ${chatRooms.id} AND ${chatRoomMembers.userId} = ${scope.userId})`,
  );
}

/** A room's name; a DM is named after the other person. */
function roomName(scope: SearchScope) {
  return sql<string>`coalesce(${chatRooms.name}, (
    SELECT ${users.name} FROM ${chatRoomMembers} JOIN ${users} ON ${users.id} = ${chatRoomMembers.userId}
    WHERE ${chatRoomMembers.roomId} = ${chatRooms.id} AND ${chatRoomMembers.userId} <> ${scope.userId}
    ORDER BY ${users.id} LIMIT 1
  ), '')`;
}

/**
 * Messages keep mentions as tokens (`<@12>`): a result shows them as `@이름` with today's names,
 * as the room does (one read of the names mentioned in the page of results).
 */
async function mentionsReadable(db: Db, contents: readonly string[]) {
  const ids = [...new Set(contents.flatMap((content) => parseMentions(content).userIds))];
  const named =
    ids.length === 0
      ? []
      : await db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(inArray(users.id, ids));
  const names = new Map(named.map((user) => [user.id, user.name]));
  return (content: string) =>
    mentionsAsText(content, (target) =>
      typeof target === 'number' ? `@${names.get(target) ?? ''}` : `@${target}`,
    );
}

export const messageSearch: SearchSource = {
  kind: 'message',
  async search(db: Db, scope, terms, limit) {
    // Rooms belong to the workspace, not to a team.
    if (scope.teamFilter !== null) return NO_RESULTS;
    const score = scoreOf(messageText, sql`''`, sql`${chatMessages.createdAt}`, terms, scope.now);
    const rows = await db
      .select({
        id: chatMessages.id,
        content: chatMessages.content,
        createdAt: chatMessages.createdAt,
        roomId: chatRooms.id,
        roomName: roomName(scope),
        senderName: users.name,
        score,
        total: totalOver(),
      })
      .from(chatMessages)
      .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
      .leftJoin(users, eq(users.id, chatMessages.senderId))
      .where(
        and(
          memberOfRoom(scope),
          isNull(chatMessages.deletedAt),
          matchesAll(messageText, terms, 'indexed'),
          withinFilters(scope, sentBy),
        ),
      )
      .orderBy(desc(sql`score`), desc(chatMessages.id))
      .limit(limit);
    const asText = await mentionsReadable(
      db,
      rows.map((row) => row.content),
    );
    return {
      total: rows[0]?.total ?? 0,
      rows: rows.map((row) => ({
        id: row.id,
        title: row.senderName ?? '',
        text: asText(row.content),
        context: row.roomName,
        createdAt: row.createdAt,
        target: { roomId: row.roomId, messageId: row.id },
        score: row.score,
      })),
    };
  },
};

/** Files sent in the caller's rooms, by name; a deleted message's file is gone with it. */
export const chatFileSearch: SearchSource = {
  kind: 'file',
  async search(db: Db, scope, terms, limit) {
    if (scope.teamFilter !== null) return NO_RESULTS;
    const name = sql`${chatAttachments.originalName}`;
    const score = scoreOf(name, name, sql`${chatMessages.createdAt}`, terms, scope.now);
    const rows = await db
      .select({
        id: chatAttachments.id,
        name: chatAttachments.originalName,
        messageId: chatMessages.id,
        createdAt: chatMessages.createdAt,
        roomId: chatRooms.id,
        roomName: roomName(scope),
        score,
        total: totalOver(),
      })
      .from(chatAttachments)
      .innerJoin(chatMessages, eq(chatMessages.id, chatAttachments.messageId))
      .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
      .where(
        and(
          memberOfRoom(scope),
          isNull(chatMessages.deletedAt),
          matchesAll(name, terms, 'not indexed'),
          withinFilters(scope, sentBy),
        ),
      )
      .orderBy(desc(sql`score`), desc(chatAttachments.id))
      .limit(limit);
    return {
      total: rows[0]?.total ?? 0,
      rows: rows.map((row) => ({
        id: row.id,
        title: row.name,
        text: row.name,
        context: row.roomName,
        createdAt: row.createdAt,
        target: { roomId: row.roomId, messageId: row.messageId },
        score: row.score,
      })),
    };
  },
};
