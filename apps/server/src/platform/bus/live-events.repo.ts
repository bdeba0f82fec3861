import { and, asc, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { liveEvents } from '../../db/schema';

export async function insertLiveEvent(db: Db, topic: string, payload: unknown): Promise<number> {
  const [row] = await db
    .insert(liveEvents)
    .values({ topic, payload })
    .returning({ id: liveEvents.id });
  if (!row) throw new Error('live event insert returned nothing');
  return row.id;
}

export function liveEventsAfter(db: Db, topics: string[], afterId: number, limit: number) {
  return db
    .select()
    .from(liveEvents)
    .where(and(inArray(liveEvents.topic, topics), gt(liveEvents.id, afterId)))
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

export async function pruneLiveEvents(db: Db, before: Date): Promise<number> {
  const removed = await db
    .delete(liveEvents)
    .where(lt(liveEvents.createdAt, before))
    .returning({ id: liveEvents.id });
  return removed.length;
}
