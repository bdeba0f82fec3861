import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatRoomMembers, chatRooms, teamMembers, teams, users } from '../../db/schema';

/** The teams of the workspace whose content the caller may read (decision 0020). */
export async function readableTeamIds(
  db: Db,
  workspaceId: number,
  userId: number,
  everyTeam: boolean,
): Promise<number[]> {
  if (everyTeam) {
    const rows = await db
      .select({ id: teams.id })
      .from(teams)
      .where(eq(teams.workspaceId, workspaceId));
    return rows.map((row) => row.id);
  }
  const rows = await db
    .select({ id: teams.id })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eqBoth(workspaceId, userId));
  return rows.map((row) => row.id);
}

function eqBoth(workspaceId: number, userId: number) {
  return and(eq(teams.workspaceId, workspaceId), eq(teamMembers.userId, userId));
}

/** The most rooms `roomsOf` reads, newest first (a room filter by name looks at these). */
const ROOMS_READ = 500;

/**
 * The rooms of the workspace the caller is in, newest first, each named as the room list names it
 * (a DM after the other person; chat.search.repo.ts names a room the same way), at most
 * `ROOMS_READ`: what `in:방이름` and the room filter may narrow a search to.
 */
export async function roomsOf(
  db: Db,
  workspaceId: number,
  userId: number,
): Promise<{ id: number; name: string }[]> {
  return db
    .select({
      id: chatRooms.id,
      name: sql<string>`coalesce(${chatRooms.name}, (
        SELECT ${users.name} FROM ${chatRoomMembers} JOIN ${users} ON ${users.id} = ${chatRoomMembers.userId}
        WHERE ${chatRoomMembers.roomId} = ${chatRooms.id} AND ${chatRoomMembers.userId} <> ${userId}
        ORDER BY ${users.id} LIMIT 1
      ), '')`,
    })
    .from(chatRooms)
    .innerJoin(
      chatRoomMembers,
      and(eq(chatRoomMembers.roomId, chatRooms.id), eq(chatRoomMembers.userId, userId)),
    )
    .where(eq(chatRooms.workspaceId, workspaceId))
    .orderBy(desc(chatRooms.id))
    .limit(ROOMS_READ);
}

/** Whether the caller is in this room of the workspace (a room that is not there: no). */
export async function isRoomMember(
  db: Db,
  workspaceId: number,
  userId: number,
  roomId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: chatRooms.id })
    .from(chatRooms)
    .innerJoin(
      chatRoomMembers,
      and(eq(chatRoomMembers.roomId, chatRooms.id), eq(chatRoomMembers.userId, userId)),
    )
    .where(and(eq(chatRooms.id, roomId), eq(chatRooms.workspaceId, workspaceId)))
    .limit(1);
  return row !== undefined;
}
