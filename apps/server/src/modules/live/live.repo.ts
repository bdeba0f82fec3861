import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sseTickets, workspaceMembers } from '../../db/schema';

export async function insertTicket(db: Db, tokenHash: string, userId: number, expiresAt: Date) {
  await db.insert(sseTickets).values({ tokenHash, userId, expiresAt });
}

/** Marks the ticket used if it is unused and unexpired; answers its user, once. */
export async function consumeTicket(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .update(sseTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(sseTickets.tokenHash, tokenHash),
        isNull(sseTickets.usedAt),
        gt(sseTickets.expiresAt, now),
      ),
    )
    .returning({ userId: sseTickets.userId });
  return row?.userId;
}

export async function pruneTickets(db: Db, now: Date) {
  await db.delete(sseTickets).where(or(lt(sseTickets.expiresAt, now), lt(sseTickets.usedAt, now)));
}

export async function workspaceIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, userId));
  return rows.map((row) => row.id);
}
