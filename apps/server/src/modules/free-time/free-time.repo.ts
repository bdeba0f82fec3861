import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { freeTimeSlots, teamMembers } from '../../db/schema';

export type FreeTimeRow = Pick<typeof freeTimeSlots.$inferSelect, 'userId' | 'slots'>;

/** The saved weeks of the team's current members (someone who left is no longer counted). */
export function listWeek(db: Db, teamId: number, weekStart: string): Promise<FreeTimeRow[]> {
  return db
    .select({ userId: freeTimeSlots.userId, slots: freeTimeSlots.slots })
    .from(freeTimeSlots)
    .innerJoin(
      teamMembers,
      and(
        eq(teamMembers.teamId, freeTimeSlots.teamId),
        eq(teamMembers.userId, freeTimeSlots.userId),
      ),
    )
    .where(and(eq(freeTimeSlots.teamId, teamId), eq(freeTimeSlots.weekStart, weekStart)));
}

/** One statement: the member's week is replaced whole, never half-written. */
export async function saveWeek(
  db: Db,
  row: { teamId: number; userId: number; weekStart: string; slots: number[]; updatedAt: Date },
): Promise<void> {
  await db
    .insert(freeTimeSlots)
    .values(row)
    .onConflictDoUpdate({
      target: [freeTimeSlots.teamId, freeTimeSlots.weekStart, freeTimeSlots.userId],
      set: { slots: sql`excluded.slots`, updatedAt: sql`excluded.updated_at` },
    });
}
