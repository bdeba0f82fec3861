import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { workspaceMembers } from '../../db/schema';

/** The workspaces whose members hear the user's presence. */
export async function workspaceIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, userId));
  return rows.map((row) => row.id);
}
