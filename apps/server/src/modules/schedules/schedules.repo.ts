import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schedules, teams, users } from '../../db/schema';

export type ScheduleRow = typeof schedules.$inferSelect;
export type ScheduleView = { schedule: ScheduleRow; creatorName: string; teamName: string };

export function selectViews(db: Db) {
  return db
    .select({ schedule: schedules, creatorName: users.name, teamName: teams.name })
    .from(schedules)
    .innerJoin(users, eq(users.id, schedules.creatorId))
    .innerJoin(teams, eq(teams.id, schedules.teamId));
}

const chronological = [asc(schedules.startsAt), asc(schedules.endsAt), asc(schedules.id)];

export async function listPage(db: Db, teamId: number, slice: { offset: number; limit: number }) {
  const rows = await selectViews(db)
    .where(eq(schedules.teamId, teamId))
    .orderBy(...chronological)
    .offset(slice.offset)
    .limit(slice.limit);
  const [total] = await db
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(schedules)
    .where(eq(schedules.teamId, teamId));
  return { rows, total: total?.count ?? 0 };
}

/**
 * Every one-off schedule that overlaps [from, to]: starts before the range ends, ends after it
 * starts. Series are expanded apart (schedules.series.repo.ts).
 */
export function listOverlapping(db: Db, teamId: number, from: Date, to: Date) {
  return selectViews(db)
    .where(
      and(
        eq(schedules.teamId, teamId),
        lte(schedules.startsAt, to),
        gte(schedules.endsAt, from),
        isNull(schedules.recurrenceRule),
      ),
    )
    .orderBy(...chronological);
}

export async function findView(db: Db, id: number): Promise<ScheduleView | undefined> {
  const [row] = await selectViews(db).where(eq(schedules.id, id)).limit(1);
  return row;
}

export async function insert(db: Db, row: typeof schedules.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(schedules).values(row).returning({ id: schedules.id });
  if (!inserted) throw new Error('schedule insert returned nothing');
  return inserted.id;
}

export async function update(
  db: Db,
  id: number,
  patch: Pick<ScheduleRow, 'title' | 'description' | 'type' | 'startsAt' | 'endsAt' | 'updatedAt'> &
    Partial<Pick<ScheduleRow, 'recurrenceRule' | 'recurrenceEndsAt'>>,
) {
  await db.update(schedules).set(patch).where(eq(schedules.id, id));
}

export async function remove(db: Db, id: number) {
  await db.delete(schedules).where(eq(schedules.id, id));
}
