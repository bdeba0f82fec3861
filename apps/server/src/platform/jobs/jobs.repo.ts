import { and, asc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scheduledJobs } from '../../db/schema';
import type { JobPayload } from './job-kind';

/*
 * The scheduled_jobs queries (decision 0042). Time is the database's `now()`: every instance's
 * runner compares due times and leases against one clock.
 */

const t = scheduledJobs;

/** `now() + ms`, as SQL. */
const inMs = (ms: number) => sql`now() + ${Math.max(0, Math.round(ms))} * interval '1 millisecond'`;

/**
 * Schedules each job's `key`: a new job, or the job of that key moved. A pending job takes the new due time,
 * payload and kind; a moved one (another due time) starts afresh: pending, no tries, no claim (a
 * runner that claimed it finds the claim gone and leaves it). A finished job scheduled again for
 * the same due time stays finished: scheduling twice does not run it twice.
 */
export async function upsertJobs(
  db: Db,
  jobs: readonly { kind: string; key: string; dueAt: Date; payload: JobPayload }[],
  /** A pending job of the key keeps its due time (only a finished one is scheduled anew). */
  keepPending = false,
): Promise<void> {
  if (jobs.length === 0) return;
  // One statement for them all; a key named twice would be changed twice by it (which
  // PostgreSQL refuses): the last of a key is what counts.
  const byKey = new Map(jobs.map((job) => [job.key, job]));
  const moved = sql`${t.dueAt} <> excluded.due_at`;
  const afresh = <T>(value: T) => sql`case when ${moved} then ${value} else `;
  await db
    .insert(t)
    .values(
      [...byKey.values()].map((job) => ({
        kind: job.kind,
        key: job.key,
        dueAt: job.dueAt,
        payload: job.payload,
      })),
    )
    .onConflictDoUpdate({
      target: t.key,
      set: {
        kind: sql`excluded.kind`,
        payload: sql`excluded.payload`,
        dueAt: sql`excluded.due_at`,
        status: sql`${afresh(sql`'pending'`)}${t.status} end`,
        attempts: sql`${afresh(0)}${t.attempts} end`,
        claimedUntil: sql`${afresh(null)}${t.claimedUntil} end`,
        claimedBy: sql`${afresh(null)}${t.claimedBy} end`,
        lastError: sql`${afresh(null)}${t.lastError} end`,
        doneAt: sql`${afresh(null)}${t.doneAt} end`,
      },
      setWhere: keepPending
        ? and(ne(t.status, 'pending'), sql`${moved}`)
        : or(eq(t.status, 'pending'), sql`${moved}`),
    });
}

/** Removes the pending job of `key` (a finished one stays as the record that it ran). */
export async function deletePendingJob(db: Db, key: string): Promise<number> {
  const rows = await db
    .delete(t)
    .where(and(eq(t.key, key), eq(t.status, 'pending')))
    .returning({ id: t.id });
  return rows.length;
}

/** Removes every pending job whose key starts with `prefix`. */
export async function deletePendingJobsByPrefix(db: Db, prefix: string): Promise<number> {
  const rows = await db
    .delete(t)
    .where(and(sql`starts_with(${t.key}, ${prefix})`, eq(t.status, 'pending')))
    .returning({ id: t.id });
  return rows.length;
}

export type ClaimedJob = {
  id: number;
  kind: string;
  key: string;
  dueAt: Date;
  attempts: number;
};

/**
 * Claims up to `limit` due jobs of `kinds` for `claimedBy` until `leaseMs` from now: the oldest
 * first, skipping rows another runner is claiming or running (SKIP LOCKED) and jobs whose lease
 * or backoff has not run out. Counts the try now, so a job that kills its runner still runs out
 * of tries.
 */
export async function claimDueJobs(
  db: Db,
  kinds: readonly string[],
  limit: number,
  leaseMs: number,
  claimedBy: string,
): Promise<ClaimedJob[]> {
  if (kinds.length === 0) return [];
  const due = db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.status, 'pending'),
        lte(t.dueAt, sql`now()`),
        inArray(t.kind, [...kinds]),
        or(isNull(t.claimedUntil), lte(t.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(t.dueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(t)
    .set({ attempts: sql`${t.attempts} + 1`, claimedUntil: inMs(leaseMs), claimedBy })
    .where(inArray(t.id, due))
    .returning({ id: t.id, kind: t.kind, key: t.key, dueAt: t.dueAt, attempts: t.attempts });
  return rows.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
}

/**
 * The jobs of `ids` as they are now, locked until the transaction ends, those still pending under
 * this claim (not moved, cancelled, finished or claimed again by another runner meanwhile).
 */
export async function lockClaimedJobs(db: Db, ids: readonly number[], claimedBy: string) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: t.id,
      kind: t.kind,
      key: t.key,
      dueAt: t.dueAt,
      payload: t.payload,
      attempts: t.attempts,
    })
    .from(t)
    .where(and(inArray(t.id, [...ids]), eq(t.claimedBy, claimedBy), eq(t.status, 'pending')))
    .orderBy(asc(t.dueAt), asc(t.id))
    .for('update');
}

/**
 * Done, in the transaction that holds the jobs' effects. The claim stays as who ran them. A job
 * its own handler moved (scheduled its key again for another time: the next day's digest) lost
 * this claim with the move and stays pending for its new time.
 */
export async function markJobsDone(
  db: Db,
  ids: readonly number[],
  claimedBy: string,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(t)
    .set({ status: 'done', doneAt: sql`now()`, claimedUntil: null, lastError: null })
    .where(and(inArray(t.id, [...ids]), eq(t.claimedBy, claimedBy)));
}

/**
 * A failed try under this claim: retried after `retryInMs`, or (null) marked failed. Nothing
 * happens when the job was moved or taken meanwhile.
 */
export async function recordJobFailure(
  db: Db,
  id: number,
  claimedBy: string,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  const mine = and(eq(t.id, id), eq(t.claimedBy, claimedBy), eq(t.status, 'pending'));
  if (retryInMs === null) {
    await db
      .update(t)
      .set({ status: 'failed', doneAt: sql`now()`, claimedUntil: null, lastError: error })
      .where(mine);
    return;
  }
  await db
    .update(t)
    .set({ claimedUntil: inMs(retryInMs), claimedBy: null, lastError: error })
    .where(mine);
}

/** Gives claimed jobs that were not started back at once (a graceful stop), untried. */
export async function releaseClaims(db: Db, ids: number[], claimedBy: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(t)
    .set({ claimedUntil: null, claimedBy: null, attempts: sql`greatest(${t.attempts} - 1, 0)` })
    .where(and(inArray(t.id, ids), eq(t.claimedBy, claimedBy), eq(t.status, 'pending')));
}

/**
 * Marks skipped the pending jobs of `kinds` due more than `windowMs` ago and not held by a live
 * claim: missed while no instance ran (decision 0042's catch-up window).
 */
export async function skipMissedJobs(db: Db, kinds: readonly string[], windowMs: number) {
  if (kinds.length === 0) return [];
  return db
    .update(t)
    .set({ status: 'skipped', doneAt: sql`now()`, claimedUntil: null })
    .where(
      and(
        eq(t.status, 'pending'),
        inArray(t.kind, [...kinds]),
        lt(t.dueAt, sql`now() - ${Math.round(windowMs)} * interval '1 millisecond'`),
        or(isNull(t.claimedUntil), lte(t.claimedUntil, sql`now()`)),
      ),
    )
    .returning({ id: t.id, kind: t.kind, key: t.key, dueAt: t.dueAt });
}

/** Deletes finished jobs that ended more than `olderThanMs` ago. */
export async function purgeFinishedJobs(db: Db, olderThanMs: number): Promise<number> {
  const rows = await db
    .delete(t)
    .where(
      and(
        ne(t.status, 'pending'),
        lt(t.doneAt, sql`now() - ${Math.round(olderThanMs)} * interval '1 millisecond'`),
      ),
    )
    .returning({ id: t.id });
  return rows.length;
}

/** The job of `key` as stored (tests, operators' checks). */
export async function jobByKey(db: Db, key: string) {
  const [row] = await db.select().from(t).where(eq(t.key, key));
  return row;
}
