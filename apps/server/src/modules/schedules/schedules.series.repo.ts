import { and, eq, gte, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scheduleExdates, schedules } from '../../db/schema';
import { selectViews, type ScheduleRow } from './schedules.repo';

/** Series (decision 0046) whose occurrences may reach [from, to]: begun by its end, not over. */
export function listSeriesReaching(db: Db, teamId: number, from: Date, to: Date) {
  return selectViews(db).where(
    and(
      eq(schedules.teamId, teamId),
      isNotNull(schedules.recurrenceRule),
      lte(schedules.startsAt, to),
      or(isNull(schedules.recurrenceEndsAt), gte(schedules.recurrenceEndsAt, from)),
    ),
  );
}

/** The removed or replaced occurrences (EXDATE) of these series up to `to`, by series. */
export async function exdatesOf(
  db: Db,
  seriesIds: number[],
  to: Date,
): Promise<Map<number, Set<number>>> {
  const bySeries = new Map<number, Set<number>>();
  if (seriesIds.length === 0) return bySeries;
  const rows = await db
    .select()
    .from(scheduleExdates)
    .where(
      and(inArray(scheduleExdates.seriesId, seriesIds), lte(scheduleExdates.occurrenceStart, to)),
    );
  for (const row of rows) {
    const starts = bySeries.get(row.seriesId) ?? new Set<number>();
    starts.add(row.occurrenceStart.getTime());
    bySeries.set(row.seriesId, starts);
  }
  return bySeries;
}

export async function isExcluded(db: Db, seriesId: number, start: Date): Promise<boolean> {
  const [row] = await db
    .select({ seriesId: scheduleExdates.seriesId })
    .from(scheduleExdates)
    .where(and(eq(scheduleExdates.seriesId, seriesId), eq(scheduleExdates.occurrenceStart, start)))
    .limit(1);
  return row !== undefined;
}

export async function exclude(db: Db, seriesId: number, start: Date): Promise<void> {
  await db
    .insert(scheduleExdates)
    .values({ seriesId, occurrenceStart: start })
    .onConflictDoNothing();
}

/**
 * Forgets the series' exceptions from `from` on (all of them without it): removed dates and
 * edited copies, which no longer line up once the series' times or rule change.
 */
export async function removeExceptions(db: Db, seriesId: number, from?: Date): Promise<void> {
  await db
    .delete(scheduleExdates)
    .where(
      and(
        eq(scheduleExdates.seriesId, seriesId),
        from ? gte(scheduleExdates.occurrenceStart, from) : undefined,
      ),
    );
  await db
    .delete(schedules)
    .where(
      and(eq(schedules.seriesId, seriesId), from ? gte(schedules.originalStart, from) : undefined),
    );
}

export async function updateSeries(
  db: Db,
  id: number,
  patch: Partial<
    Pick<
      ScheduleRow,
      | 'title'
      | 'description'
      | 'type'
      | 'startsAt'
      | 'endsAt'
      | 'recurrenceRule'
      | 'recurrenceEndsAt'
      | 'updatedAt'
    >
  >,
): Promise<void> {
  await db.update(schedules).set(patch).where(eq(schedules.id, id));
}
