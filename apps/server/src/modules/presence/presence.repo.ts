import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { workspaceMembers } from '../../db/schema';

/** For each of `userIds`, the workspaces whose members hear their presence (one query). */
export async function workspaceIdsOfEach(
  db: Db,
  userIds: readonly number[],
): Promise<Array<{ userId: number; workspaceId: number }>> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: workspaceMembers.userId, workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(inArray(workspaceMembers.userId, [...userIds]));
}
