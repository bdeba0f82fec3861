import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { mentionsAsText, parseMentions } from '@teamup/contracts/chat';
import type { Db } from '../../db/client';
import { chatAttachments, chatMessages, chatRoomMembers, chatRooms, users } from '../../db/schema';
import {
  matchesAll,
  rankedSearch,
  scoreOf,
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
    const { total, capped, rows } = await rankedSearch(db, {
      limit,
      hits: (extra, count, ordered) =>
        db
          .select({ id: chatMessages.id, score })
          .from(chatMessages)
          .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
          .where(
            and(
              memberOfRoom(scope),
              isNull(chatMessages.deletedAt),
              matchesAll(messageText, terms, 'indexed'),
              withinFilters(scope, sentBy),
              extra,
            ),
          )
          .orderBy(...(ordered ? [desc(sql`score`), desc(chatMessages.id)] : []))
          .limit(count),
      rows: (ids) =>
        db
          .select({
            id: chatMessages.id,
            content: chatMessages.content,
            createdAt: chatMessages.createdAt,
            roomId: chatRooms.id,
            roomName: roomName(scope),
            senderName: users.name,
          })
          .from(chatMessages)
          .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
          .leftJoin(users, eq(users.id, chatMessages.senderId))
          .where(inArray(chatMessages.id, ids)),
      idOf: (row) => row.id,
      // Messages get their ids as they are sent; no title: the whole query in the text is the top.
      newestFirst: { id: chatMessages.id, topRelevance: 2 },
    });
    const asText = await mentionsReadable(
      db,
      rows.map(({ row }) => row.content),
    );
    return {
      total,
      capped,
      rows: rows.map(({ row, score: value }) => ({
        id: row.id,
        title: row.senderName ?? '',
        text: asText(row.content),
        context: row.roomName,
        createdAt: row.createdAt,
        target: { roomId: row.roomId, messageId: row.id },
        score: value,
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
    const { total, capped, rows } = await rankedSearch(db, {
      limit,
      hits: (_extra, count, ordered) =>
        db
          .select({ id: chatAttachments.id, score })
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
          .orderBy(...(ordered ? [desc(sql`score`), desc(chatAttachments.id)] : []))
          .limit(count),
      rows: (ids) =>
        db
          .select({
            id: chatAttachments.id,
            name: chatAttachments.originalName,
            messageId: chatMessages.id,
            createdAt: chatMessages.createdAt,
            roomId: chatRooms.id,
            roomName: roomName(scope),
          })
          .from(chatAttachments)
          .innerJoin(chatMessages, eq(chatMessages.id, chatAttachments.messageId))
          .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
          .where(inArray(chatAttachments.id, ids)),
      idOf: (row) => row.id,
    });
    return {
      total,
      capped,
      rows: rows.map(({ row, score: value }) => ({
        id: row.id,
        title: row.name,
        text: row.name,
        context: row.roomName,
        createdAt: row.createdAt,
        target: { roomId: row.roomId, messageId: row.messageId },
        score: value,
      })),
    };
  },
};
