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

/** Whether this ticket was used already (a stock EventSource reconnecting with it). */
export async function isTicketSpent(db: Db, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ usedAt: sseTickets.usedAt })
    .from(sseTickets)
    .where(eq(sseTickets.tokenHash, tokenHash));
  return row?.usedAt != null;
}

/**
 * Drops tickets past their use. A used ticket is kept while the access token behind it lives (its
 * stream cannot outlive that), so a reconnect with it is told "spent", not "unknown".
 */
export async function pruneTickets(db: Db, now: Date) {
  await db
    .delete(sseTickets)
    .where(
      and(
        lt(sseTickets.expiresAt, now),
        or(isNull(sseTickets.accessExpiresAt), lt(sseTickets.accessExpiresAt, now)),
      ),
    );
}

export async function workspaceIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, userId));
  return rows.map((row) => row.id);
}
