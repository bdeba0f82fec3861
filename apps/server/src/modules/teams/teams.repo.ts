import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boards, chatRoomMembers, chatRooms, teamMembers, teams, users } from '../../db/schema';

export type TeamRow = typeof teams.$inferSelect;
/** A team with what its card shows: member count, leader name, whether the viewer is in it. */
export type TeamView = TeamRow & {
  memberCount: number;
  leaderName: string | null;
  isMember: boolean;
  bulletinBoardId: number;
  /** The team's room (decision 0041) when the viewer is in it. */
  viewerRoomId: number | null;
};
export type TeamMemberRow = { user: typeof users.$inferSelect; joinedAt: Date };

const memberCount = sql<number>`(
  SELECT count(*)::int FROM ${teamMembers} tm WHERE tm.team_id = ${teams.id}
)`.mapWith(Number);

const viewerRoomId = (userId: number) =>
  sql<number | null>`(
    SELECT r.id FROM ${chatRooms} r WHERE r.team_id = ${teams.id} AND EXISTS (
      SELECT 1 FROM ${chatRoomMembers} m WHERE m.room_id = r.id AND m.user_id = ${userId}
    )
  )`;

const viewerIsMember = (userId: number) =>
  sql<boolean>`EXISTS (
    SELECT 1 FROM ${teamMembers} tm WHERE tm.team_id = ${teams.id} AND tm.user_id = ${userId}
  )`.mapWith(Boolean);

/** Inserts the team with its bulletin board (call inside a transaction). */
export async function insertTeam(db: Db, row: typeof teams.$inferInsert): Promise<TeamRow> {
  const [inserted] = await db.insert(teams).values(row).returning();
  if (!inserted) throw new Error('team insert returned nothing');
  await db.insert(boards).values({ teamId: inserted.id });
  return inserted;
}

/** Adds a member; false when they already were one. */
export async function insertTeamMember(db: Db, teamId: number, userId: number): Promise<boolean> {
  const inserted = await db
    .insert(teamMembers)
    .values({ teamId, userId })
    .onConflictDoNothing()
    .returning({ userId: teamMembers.userId });
  return inserted.length > 0;
}

export function findTeam(db: Db, id: number): Promise<TeamRow | undefined> {
  return db.query.teams.findFirst({ where: eq(teams.id, id) });
}

function selectViews(db: Db, viewerId: number) {
  return db
    .select({
      team: teams,
      memberCount,
      leaderName: users.name,
      isMember: viewerIsMember(viewerId),
      bulletinBoardId: boards.id,
      viewerRoomId: viewerRoomId(viewerId),
    })
    .from(teams)
    .innerJoin(boards, eq(boards.teamId, teams.id))
    .leftJoin(users, eq(users.id, teams.leaderId));
}

type ViewRow = {
  team: TeamRow;
  memberCount: number;
  leaderName: string | null;
  isMember: boolean;
  bulletinBoardId: number;
  viewerRoomId: number | null;
};
const toView = (row: ViewRow): TeamView => ({
  ...row.team,
  memberCount: row.memberCount,
  leaderName: row.leaderName,
  isMember: row.isMember,
  bulletinBoardId: row.bulletinBoardId,
  // The driver may hand the subquery's integer back as a string.
  viewerRoomId: row.viewerRoomId === null ? null : Number(row.viewerRoomId),
});

export async function viewTeam(db: Db, teamId: number, viewerId: number) {
  const [row] = await selectViews(db, viewerId).where(eq(teams.id, teamId)).limit(1);
  return row && toView(row);
}

/** Every team of the workspace, oldest first. */
export async function listTeamViews(db: Db, workspaceId: number, viewerId: number) {
  const rows = await selectViews(db, viewerId)
    .where(eq(teams.workspaceId, workspaceId))
    .orderBy(asc(teams.createdAt), asc(teams.id));
  return rows.map(toView);
}

export async function updateTeam(
  db: Db,
  id: number,
  patch: Partial<
    Pick<TeamRow, 'name' | 'description' | 'passwordHash' | 'leaderId' | 'announcementPosting'>
  >,
  now: Date,
): Promise<void> {
  await db
    .update(teams)
    .set({ ...patch, updatedAt: now })
    .where(eq(teams.id, id));
}

export async function deleteTeam(db: Db, id: number): Promise<void> {
  await db.delete(teams).where(eq(teams.id, id));
}

export async function isTeamMember(db: Db, teamId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

export async function deleteTeamMember(db: Db, teamId: number, userId: number): Promise<boolean> {
  const deleted = await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .returning({ userId: teamMembers.userId });
  return deleted.length > 0;
}

/** Members by join time (earliest first): the first one is next in line to lead. */
export async function listTeamMembers(db: Db, teamId: number): Promise<TeamMemberRow[]> {
  return db
    .select({ user: users, joinedAt: teamMembers.joinedAt })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.joinedAt), asc(users.id));
}

export async function longestMember(db: Db, teamId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.userId))
    .limit(1);
  return row?.userId;
}

export async function countTeamMembers(db: Db, teamId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  return row?.count ?? 0;
}

/** The ids of the workspace's teams the user belongs to. */
export async function teamIdsOfMember(db: Db, workspaceId: number, userId: number) {
  const rows = await db
    .select({ id: teams.id })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teams.workspaceId, workspaceId), eq(teamMembers.userId, userId)));
  return rows.map((row) => row.id);
}

export async function deleteMemberships(db: Db, teamIds: number[], userId: number) {
  if (teamIds.length === 0) return;
  await db
    .delete(teamMembers)
    .where(and(inArray(teamMembers.teamId, teamIds), eq(teamMembers.userId, userId)));
}

export async function membersAmong(db: Db, teamId: number, userIds: readonly number[]) {
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, [...userIds])));
  return rows.map((row) => row.userId);
}
