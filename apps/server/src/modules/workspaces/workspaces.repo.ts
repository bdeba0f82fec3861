import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  teamMembers,
  teams,
  users,
  workspaceBans,
  workspaceMembers,
  workspaces,
} from '../../db/schema';

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type WorkspaceRole = (typeof workspaceMembers.$inferSelect)['role'];
/** A workspace as one member sees it: with their role and the member count. */
export type WorkspaceView = WorkspaceRow & { myRole: WorkspaceRole; memberCount: number };

const memberCount = sql<number>`(
  SELECT count(*)::int FROM ${workspaceMembers} wm WHERE wm.workspace_id = ${workspaces.id}
)`.mapWith(Number);

/** Inserts a workspace; undefined when the invite code is already taken. */
export async function insertWorkspace(
  db: Db,
  row: typeof workspaces.$inferInsert,
): Promise<WorkspaceRow | undefined> {
  const [inserted] = await db.insert(workspaces).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** Adds a member; false when they already were one. */
export async function insertMember(
  db: Db,
  row: { workspaceId: number; userId: number; role: WorkspaceRole },
): Promise<boolean> {
  const inserted = await db
    .insert(workspaceMembers)
    .values(row)
    .onConflictDoNothing()
    .returning({ userId: workspaceMembers.userId });
  return inserted.length > 0;
}

export function findWorkspace(db: Db, id: number): Promise<WorkspaceRow | undefined> {
  return db.query.workspaces.findFirst({ where: eq(workspaces.id, id) });
}

export function findWorkspaceByInviteCode(
  db: Db,
  inviteCode: string,
): Promise<WorkspaceRow | undefined> {
  return db.query.workspaces.findFirst({ where: eq(workspaces.inviteCode, inviteCode) });
}

/** The member's role, or undefined for a non-member. */
export async function findRole(
  db: Db,
  workspaceId: number,
  userId: number,
): Promise<WorkspaceRole | undefined> {
  const [row] = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  return row?.role;
}

export async function viewWorkspace(
  db: Db,
  workspaceId: number,
  userId: number,
): Promise<WorkspaceView | undefined> {
  const [row] = await db
    .select({ workspace: workspaces, myRole: workspaceMembers.role, memberCount })
    .from(workspaces)
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, userId)),
    )
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  return row && { ...row.workspace, myRole: row.myRole, memberCount: row.memberCount };
}

/** The user's workspaces, in the order they joined them. */
export async function listWorkspacesOf(db: Db, userId: number): Promise<WorkspaceView[]> {
  const rows = await db
    .select({ workspace: workspaces, myRole: workspaceMembers.role, memberCount })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaceMembers.joinedAt), asc(workspaces.id));
  return rows.map((row) => ({
    ...row.workspace,
    myRole: row.myRole,
    memberCount: row.memberCount,
  }));
}

export async function countMembers(db: Db, workspaceId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  return row?.count ?? 0;
}

export type MemberRow = {
  user: typeof users.$inferSelect;
  role: WorkspaceRole;
  joinedAt: Date;
};

const roleOrder = sql`CASE ${workspaceMembers.role} WHEN 'OWNER' THEN 0 WHEN 'ADMIN' THEN 1 ELSE 2 END`;

/** Members with their profiles: owner, then admins, then members, each by join time. */
export async function listMembers(db: Db, workspaceId: number): Promise<MemberRow[]> {
  return db
    .select({ user: users, role: workspaceMembers.role, joinedAt: workspaceMembers.joinedAt })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(roleOrder, asc(workspaceMembers.joinedAt), asc(users.id));
}

export async function findMember(
  db: Db,
  workspaceId: number,
  userId: number,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .select({ user: users, role: workspaceMembers.role, joinedAt: workspaceMembers.joinedAt })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  return row;
}

export async function updateWorkspace(
  db: Db,
  id: number,
  patch: Partial<Pick<WorkspaceRow, 'name' | 'iconUrl' | 'passwordHash' | 'isClass'>>,
  now: Date,
): Promise<WorkspaceRow | undefined> {
  const [updated] = await db
    .update(workspaces)
    .set({ ...patch, updatedAt: now })
    .where(eq(workspaces.id, id))
    .returning();
  return updated;
}

/** Whether the member is in any team of the workspace. */
export async function isInAnyTeam(db: Db, workspaceId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teams.workspaceId, workspaceId), eq(teamMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** A workspace that stops being a class: its instructors and TAs become members; answers them. */
export async function demoteClassStaff(db: Db, workspaceId: number): Promise<number[]> {
  const demoted = await db
    .update(workspaceMembers)
    .set({ role: 'MEMBER' })
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        inArray(workspaceMembers.role, ['INSTRUCTOR', 'TA']),
      ),
    )
    .returning({ userId: workspaceMembers.userId });
  return demoted.map((row) => row.userId);
}

export async function deleteWorkspace(db: Db, id: number): Promise<boolean> {
  const deleted = await db
    .delete(workspaces)
    .where(eq(workspaces.id, id))
    .returning({ id: workspaces.id });
  return deleted.length > 0;
}

export async function setRole(
  db: Db,
  workspaceId: number,
  userId: number,
  role: WorkspaceRole,
): Promise<boolean> {
  const updated = await db
    .update(workspaceMembers)
    .set({ role })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .returning({ userId: workspaceMembers.userId });
  return updated.length > 0;
}

export async function deleteMember(db: Db, workspaceId: number, userId: number): Promise<boolean> {
  const deleted = await db
    .delete(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .returning({ userId: workspaceMembers.userId });
  return deleted.length > 0;
}

export async function insertBan(
  db: Db,
  row: { workspaceId: number; userId: number; bannedBy: number },
): Promise<void> {
  await db.insert(workspaceBans).values(row).onConflictDoNothing();
}

export async function deleteBan(db: Db, workspaceId: number, userId: number): Promise<boolean> {
  const deleted = await db
    .delete(workspaceBans)
    .where(and(eq(workspaceBans.workspaceId, workspaceId), eq(workspaceBans.userId, userId)))
    .returning({ userId: workspaceBans.userId });
  return deleted.length > 0;
}

export async function isBanned(db: Db, workspaceId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: workspaceBans.userId })
    .from(workspaceBans)
    .where(and(eq(workspaceBans.workspaceId, workspaceId), eq(workspaceBans.userId, userId)))
    .limit(1);
  return row !== undefined;
}

export type BanRow = {
  user: Pick<typeof users.$inferSelect, 'id' | 'name' | 'email' | 'profileImageUrl'>;
  bannedAt: Date;
  bannedById: number | null;
};

export async function listBans(db: Db, workspaceId: number): Promise<BanRow[]> {
  return db
    .select({
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        profileImageUrl: users.profileImageUrl,
      },
      bannedAt: workspaceBans.createdAt,
      bannedById: workspaceBans.bannedBy,
    })
    .from(workspaceBans)
    .innerJoin(users, eq(users.id, workspaceBans.userId))
    .where(eq(workspaceBans.workspaceId, workspaceId))
    .orderBy(asc(workspaceBans.createdAt));
}

/** Names of users by id (the admins named on blacklist entries). */
export async function userNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Of `userIds`, those who are members of the workspace. */
export async function memberIdsAmong(db: Db, workspaceId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        inArray(workspaceMembers.userId, [...userIds]),
      ),
    );
  return rows.map((row) => row.userId);
}
