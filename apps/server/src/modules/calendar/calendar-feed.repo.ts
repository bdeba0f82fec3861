import { and, asc, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  calendarFeeds,
  scheduleExdates,
  schedules,
  teamMembers,
  teams,
  workspaceMembers,
} from '../../db/schema';

export type FeedRow = typeof calendarFeeds.$inferSelect;

export async function feedOf(db: Db, userId: number): Promise<FeedRow | undefined> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row;
}

/** Whose feed the secret's hash opens, if any. */
export async function ownerOf(db: Db, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, tokenHash));
  return row?.userId;
}

/** Makes the person's feed, or replaces its secret (the old URL stops working at once). */
export async function saveFeed(db: Db, userId: number, tokenHash: string, now: Date) {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: now } })
    .returning();
  if (!row) throw new Error('calendar feed upsert returned nothing');
  return row;
}

export async function deleteFeed(db: Db, userId: number) {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/**
 * The events of every team the person is a member of now (in a workspace they are still in),
 * ending at `since` or later (a series: its last occurrence), in time order, each series with the
 * occurrences it no longer has. Read here rather than through the schedules module: one statement
 * across teams, which that module's per-team reads do not offer.
 */
export async function schedulesOfMember(db: Db, userId: number, since: Date) {
  const rows = await db
    .select({
      id: schedules.id,
      title: schedules.title,
      description: schedules.description,
      type: schedules.type,
      startsAt: schedules.startsAt,
      endsAt: schedules.endsAt,
      recurrenceRule: schedules.recurrenceRule,
      updatedAt: schedules.updatedAt,
      teamName: teams.name,
    })
    .from(schedules)
    .innerJoin(
      teamMembers,
      and(eq(teamMembers.teamId, schedules.teamId), eq(teamMembers.userId, userId)),
    )
    .innerJoin(teams, eq(teams.id, schedules.teamId))
    .innerJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, teams.workspaceId),
        eq(workspaceMembers.userId, sql`${userId}`),
      ),
    )
    .where(
      or(
        gte(schedules.endsAt, since),
        and(
          isNotNull(schedules.recurrenceRule),
          or(isNull(schedules.recurrenceEndsAt), gte(schedules.recurrenceEndsAt, since)),
        ),
      ),
    )
    .orderBy(asc(schedules.startsAt), asc(schedules.id));
  return withExdates(db, rows);
}
export type FeedSchedule = Awaited<ReturnType<typeof schedulesOfMember>>[number];

/**
 * Each series with the starts of the occurrences it no longer has (RFC 5545 EXDATE): deleted,
 * or edited into an event of their own, which the feed lists under its own UID.
 */
async function withExdates<T extends { id: number; recurrenceRule: string | null }>(
  db: Db,
  rows: T[],
): Promise<Array<T & { exdates: Date[] }>> {
  const seriesIds = rows.filter((row) => row.recurrenceRule !== null).map((row) => row.id);
  const exdates = new Map<number, Date[]>();
  if (seriesIds.length > 0) {
    const found = await db
      .select({ seriesId: scheduleExdates.seriesId, at: scheduleExdates.occurrenceStart })
      .from(scheduleExdates)
      .where(inArray(scheduleExdates.seriesId, seriesIds))
      .orderBy(asc(scheduleExdates.occurrenceStart));
    for (const { seriesId, at } of found)
      exdates.set(seriesId, [...(exdates.get(seriesId) ?? []), at]);
  }
  return rows.map((row) => ({ ...row, exdates: exdates.get(row.id) ?? [] }));
}

/** One event in the feed's shape, with its team (for the one-event download). */
export async function scheduleForExport(db: Db, id: number) {
  const [row] = await db
    .select({
      id: schedules.id,
      teamId: schedules.teamId,
      title: schedules.title,
      description: schedules.description,
      type: schedules.type,
      startsAt: schedules.startsAt,
      endsAt: schedules.endsAt,
      recurrenceRule: schedules.recurrenceRule,
      updatedAt: schedules.updatedAt,
      teamName: teams.name,
    })
    .from(schedules)
    .innerJoin(teams, eq(teams.id, schedules.teamId))
    .where(eq(schedules.id, id));
  return row ? (await withExdates(db, [row]))[0] : undefined;
}
