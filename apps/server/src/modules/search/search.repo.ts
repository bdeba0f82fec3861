import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teamMembers, teams } from '../../db/schema';

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
