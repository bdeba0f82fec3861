import { and, desc, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ChatMessages as M, mentionsAsText, parseMentions } from '@teamup/contracts/chat';
import type { Db } from '../../db/client';
import {
  chatAttachments,
  chatMessages,
  chatRoomMembers,
  chatRooms,
  users,
  workspaceMembers,
} from '../../db/schema';
import { rankedSearch, withinFilters } from '../../platform/search/search-sql.repo';
import { rankByName } from '../../platform/search/name-rank';
import {
  filtersContent,
  NO_RESULTS,
  type SearchScope,
  type SearchSource,
} from '../../platform/search/search-source';

/* Chat's searchable content (decision 0020): messages and the files sent with them. */

// The expression the trigram and bigram indexes of migrations 0020 and 0023 are built on.
const messageText = sql`${chatMessages.content}`;
/** A message's, and its files', person and day for the filters. */
const sentBy = { person: chatMessages.senderId, createdAt: chatMessages.createdAt };

/**
 * Only rooms of this workspace the caller is a member of, now; with a room filter, those rooms;
 * with a team filter, the team's room (decision 0041).
 */
function memberOfRoom(scope: SearchScope) {
  return and(
    eq(chatRooms.workspaceId, scope.workspaceId),
    scope.roomFilter === null ? undefined : inArray(chatRooms.id, [...scope.roomFilter]),
    scope.teamFilter === null ? undefined : eq(chatRooms.teamId, scope.teamFilter),
    sql`EXISTS (SELECT 1 FROM ${chatRoomMembers} WHERE ${chatRoomMembers.roomId} = ${chatRooms.id} AND ${chatRoomMembers.userId} = ${scope.userId})`,
  );
}

/** A room's name; a DM is named after the other person. */
function roomName(scope: Pick<SearchScope, 'userId'>) {
  return sql<string>`coalesce(${chatRooms.name}, (
    SELECT ${users.name} FROM ${chatRoomMembers} JOIN ${users} ON ${users.id} = ${chatRoomMembers.userId}
    WHERE ${chatRoomMembers.roomId} = ${chatRooms.id} AND ${chatRoomMembers.userId} <> ${scope.userId}
    ORDER BY ${users.id} LIMIT 1
  ), '')`;
}

/**
 * Messages keep mentions as tokens (`<@12>`): a result shows them as `@이름` with today's names,
 * as the room does (one read of the names mentioned in the page of results). Only the names of
 * people the searcher shares a workspace with (decision 0033): anyone else, and an id nobody
 * has, reads alike as the chat screen shows an unknown mention (`@알 수 없는 사용자`), so a
 * snippet tells neither a name nor whether an id exists.
 */
async function mentionsReadable(db: Db, searcherId: number, contents: readonly string[]) {
  const ids = [...new Set(contents.flatMap((content) => parseMentions(content).userIds))];
  const mine = alias(workspaceMembers, 'searcher_membership');
  const named =
    ids.length === 0
      ? []
      : await db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(
            and(
              inArray(users.id, ids),
              exists(
                db
                  .select({ one: sql`1` })
                  .from(workspaceMembers)
                  .innerJoin(
                    mine,
                    and(
                      eq(mine.workspaceId, workspaceMembers.workspaceId),
                      eq(mine.userId, searcherId),
                    ),
                  )
                  .where(eq(workspaceMembers.userId, users.id)),
              ),
            ),
          );
  const names = new Map(named.map((user) => [user.id, user.name]));
  return (content: string) =>
    mentionsAsText(content, (target) =>
      typeof target === 'number' ? `@${names.get(target) ?? M.unknownSender}` : `@${target}`,
    );
}

export const messageSearch: SearchSource = {
  kind: 'message',
  inRooms: true,
  async search(db: Db, scope, terms, limit) {
    if (scope.roomFilter?.length === 0) return NO_RESULTS;
    const { total, capped, partial, rows } = await rankedSearch(db, scope, terms, {
      limit,
      id: chatMessages.id,
      text: messageText,
      indexed: 'indexed',
      title: sql`''`,
      createdAt: sql`${chatMessages.createdAt}`,
      scan: (fields, where) =>
        db
          .select(fields)
          .from(chatMessages)
          .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
          .where(
            and(
              memberOfRoom(scope),
              isNull(chatMessages.deletedAt),
              withinFilters(scope, sentBy),
              where,
            ),
          ),
      rows: (ids) =>
        db
          .select({
            id: chatMessages.id,
            content: chatMessages.content,
            createdAt: chatMessages.createdAt,
            roomId: chatRooms.id,
            roomName: roomName(scope),
            senderName: sql<string | null>`coalesce(${users.name}, ${chatMessages.botName})`,
          })
          .from(chatMessages)
          .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
          .leftJoin(users, eq(users.id, chatMessages.senderId))
          .where(inArray(chatMessages.id, ids)),
      idOf: (row) => row.id,
      // Messages get their ids as they are sent; no title: the whole query in the text is the top.
      topRelevance: 2,
    });
    const asText = await mentionsReadable(
      db,
      scope.userId,
      rows.map(({ row }) => row.content),
    );
    return {
      total,
      capped,
      partial,
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
  inRooms: true,
  async search(db: Db, scope, terms, limit) {
    if (scope.roomFilter?.length === 0) return NO_RESULTS;
    const { total, capped, partial, rows } = await rankedSearch(db, scope, terms, {
      limit,
      id: chatAttachments.id,
      text: sql`${chatAttachments.originalName}`,
      indexed: 'not indexed',
      title: sql`${chatAttachments.originalName}`,
      createdAt: sql`${chatMessages.createdAt}`,
      scan: (fields, where) =>
        db
          .select(fields)
          .from(chatAttachments)
          .innerJoin(chatMessages, eq(chatMessages.id, chatAttachments.messageId))
          .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
          .where(
            and(
              memberOfRoom(scope),
              isNull(chatMessages.deletedAt),
              withinFilters(scope, sentBy),
              where,
            ),
          ),
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
      partial,
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

/** The most rooms a room search reads (newest first): names are matched here, not in SQL. */
export const ROOM_SEARCH_READ = 500;

/**
 * The rooms of this workspace the caller is in, newest first, each with its name as the room list
 * shows it (a DM: the other person's), at most `ROOM_SEARCH_READ`.
 */
export async function roomsOf(db: Db, scope: Pick<SearchScope, 'workspaceId' | 'userId'>) {
  return db
    .select({
      id: chatRooms.id,
      name: roomName(scope),
      type: chatRooms.type,
      createdAt: chatRooms.createdAt,
    })
    .from(chatRooms)
    .where(
      and(
        eq(chatRooms.workspaceId, scope.workspaceId),
        sql`EXISTS (SELECT 1 FROM ${chatRoomMembers} WHERE ${chatRoomMembers.roomId} = ${chatRooms.id} AND ${chatRoomMembers.userId} = ${scope.userId})`,
      ),
    )
    .orderBy(desc(chatRooms.id))
    .limit(ROOM_SEARCH_READ);
}

/**
 * The caller's rooms by name or its initials, as teams are found (name-rank.ts): only rooms they
 * are in, as every chat search. Rooms belong to the workspace: a team, person, date or room
 * filter leaves none.
 */
export const roomSearch: SearchSource = {
  kind: 'room',
  async search(db: Db, scope, terms, limit) {
    if (scope.teamFilter !== null || filtersContent(scope)) return NO_RESULTS;
    return rankByName(await roomsOf(db, scope), terms, limit, (row) => ({
      id: row.id,
      createdAt: row.createdAt,
      target: { roomId: row.id },
    }));
  },
};
