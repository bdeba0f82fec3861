import type { TeamRead, TeamReadArea } from '@teamup/contracts/class';
import { toPage, type Page, type PageQuery } from '@teamup/contracts/common';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teamReadLog, users, workspaceMembers } from '../../db/schema';

export async function insertTeamReads(
  db: Db,
  rows: Array<typeof teamReadLog.$inferInsert>,
): Promise<void> {
  if (rows.length > 0) await db.insert(teamReadLog).values(rows);
}

/** A page of the team's read log, newest first. */
export async function teamReadsPage(
  db: Db,
  teamId: number,
  query: PageQuery,
): Promise<Page<TeamRead>> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        readerId: teamReadLog.readerId,
        name: users.name,
        role: workspaceMembers.role,
        area: teamReadLog.area,
        readAt: teamReadLog.readAt,
      })
      .from(teamReadLog)
      .innerJoin(users, eq(users.id, teamReadLog.readerId))
      .leftJoin(
        workspaceMembers,
        and(
          eq(workspaceMembers.workspaceId, teamReadLog.workspaceId),
          eq(workspaceMembers.userId, teamReadLog.readerId),
        ),
      )
      .where(eq(teamReadLog.teamId, teamId))
      .orderBy(desc(teamReadLog.readAt), desc(teamReadLog.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ total: count() }).from(teamReadLog).where(eq(teamReadLog.teamId, teamId)),
  ]);
  return toPage(
    rows.map((row) => ({
      reader: { id: row.readerId, name: row.name },
      role: row.role ?? 'MEMBER',
      area: row.area as TeamReadArea,
      readAt: row.readAt.toISOString(),
    })),
    total?.total ?? 0,
    query,
  );
}
