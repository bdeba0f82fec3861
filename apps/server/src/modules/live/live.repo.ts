import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sseTickets, workspaceMembers } from '../../db/schema';

export type TicketOwner = {
  userId: number;
  /** The login session the stream belongs to (null on tickets made before 0012). */
  sessionId: number | null;
  /** When the access token that asked for the ticket expires. */
  accessExpiresAt: Date | null;
};

export async function insertTicket(db: Db, tokenHash: string, owner: TicketOwner, expiresAt: Date) {
  await db.insert(sseTickets).values({ tokenHash, expiresAt, ...owner });
}

/** Marks the ticket used if it is unused and unexpired; answers whose it is, once. */
export async function consumeTicket(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<TicketOwner | undefined> {
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
    .returning({
      userId: sseTickets.userId,
      sessionId: sseTickets.sessionId,
      accessExpiresAt: sseTickets.accessExpiresAt,
    });
  return row;
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
