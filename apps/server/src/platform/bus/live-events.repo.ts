import { and, asc, desc, gt, inArray, lt, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { liveEvents } from '../../db/schema';

/** Logs events in one insert; answers their ids in the order given (ids increase in that order). */
export async function insertLiveEvents(
  db: Db,
  events: ReadonlyArray<{ topic: string; payload: unknown }>,
): Promise<number[]> {
  const rows = await db
    .insert(liveEvents)
    .values(events.map(({ topic, payload }) => ({ topic, payload })))
    .returning({ id: liveEvents.id });
  if (rows.length !== events.length) throw new Error('live event insert lost rows');
  // Identity values are drawn row by row in VALUES order; sorting guards against a reordered RETURNING.
  return rows.map((row) => row.id).sort((x, y) => x - y);
}

export function liveEventsAfter(
  db: Db,
  topics: string[],
  afterId: number,
  limit: number,
  except: readonly number[] = [],
) {
  return db
    .select()
    .from(liveEvents)
    .where(
      and(
        inArray(liveEvents.topic, topics),
        gt(liveEvents.id, afterId),
        except.length > 0 ? notInArray(liveEvents.id, [...except]) : undefined,
      ),
    )
    .orderBy(asc(liveEvents.id))
    .limit(limit);
}

export async function oldestLiveEventId(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: liveEvents.id })
    .from(liveEvents)
    .orderBy(asc(liveEvents.id))
    .limit(1);
  return row?.id ?? null;
}

export async function newestLiveEventId(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: liveEvents.id })
    .from(liveEvents)
    .orderBy(desc(liveEvents.id))
    .limit(1);
  return row?.id ?? null;
}

export async function pruneLiveEvents(db: Db, before: Date): Promise<number> {
  const removed = await db
    .delete(liveEvents)
    .where(lt(liveEvents.createdAt, before))
    .returning({ id: liveEvents.id });
  return removed.length;
}
