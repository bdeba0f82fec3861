import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schedules, teamMembers, teams } from '../../db/schema';

/* The queries of the calendar event reminders (issue 44). */

/** Stores the event's reminders (minutes before its start, ascending). */
export async function setReminders(db: Db, scheduleId: number, reminders: readonly number[]) {
  await db
    .update(schedules)
    .set({ reminders: [...reminders] })
    .where(eq(schedules.id, scheduleId));
}

/** The event as its reminder checks it at send time, with its team; none once it is deleted. */
export async function scheduleToRemind(db: Db, scheduleId: number) {
  const [row] = await db
    .select({
      id: schedules.id,
      title: schedules.title,
      startsAt: schedules.startsAt,
      endsAt: schedules.endsAt,
      recurrenceRule: schedules.recurrenceRule,
      reminders: schedules.reminders,
      teamId: teams.id,
      teamName: teams.name,
      workspaceId: teams.workspaceId,
    })
    .from(schedules)
    .innerJoin(teams, eq(teams.id, schedules.teamId))
    .where(eq(schedules.id, scheduleId));
  return row;
}

/** The team's members now: an event's participants are its team. */
export async function teamMemberIds(db: Db, teamId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  return rows.map((row) => row.userId);
}
