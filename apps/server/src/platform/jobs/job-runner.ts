import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { AppContext } from '../../context';
import {
  DEFAULT_MAX_ATTEMPTS,
  defaultBackoffMs,
  type DueJob,
  type JobKind,
  type JobPayload,
  type JobRun,
} from './job-kind';
import * as repo from './jobs.repo';

export type JobRunnerOptions = {
  /** How often the runner looks for due jobs (JOBS_POLL_MS). */
  pollMs: number;
  /** Jobs due longer ago than this when first seen are skipped, not run (JOBS_CATCH_UP_HOURS). */
  catchUpMs: number;
  /**
   * How long a claim keeps other runners off a job not yet started: a runner killed after
   * claiming holds its jobs this long. A started job is held by its row lock instead.
   */
  leaseMs?: number;
  /** Jobs claimed at once. */
  batchSize?: number;
};

const DEFAULT_LEASE_MS = 30_000;
/** Jobs claimed a round: also the most one `handleMany` batch gets. */
const DEFAULT_BATCH = 25;
const WAKE_STEP_MS = 25;
/** Finished jobs are purged this often, those that ended more than the catch-up window ago. */
const PURGE_EVERY_MS = 60 * 60_000;

/**
 * Runs due jobs on this instance (decision 0042): every `pollMs`, and soon after a job due within
 * the next poll is scheduled here, it skips jobs missed beyond the catch-up window, claims due
 * jobs in small batches (FOR UPDATE SKIP LOCKED, a lease), and runs each in a transaction of its
 * own that locks the job, checks the claim is still this runner's, runs the handler on that
 * transaction and marks the job done in it. A kill anywhere rolls the run back; the job is
 * claimed again once the lease ends. `stop()` lets the running job finish and hands back the
 * claimed ones not started.
 */
export class JobRunner {
  private readonly name = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private timer: NodeJS.Timeout | undefined;
  /** Wake-ups by due time, rounded up to WAKE_STEP_MS: a burst of jobs due together sets one. */
  private readonly wakeTimers = new Map<number, NodeJS.Timeout>();
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private lastPurge = 0;
  private batches = 0;
  private readonly unwatch: () => void;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: JobRunnerOptions,
  ) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.batchSize = options.batchSize ?? DEFAULT_BATCH;
    this.unwatch = ctx.jobs.onScheduled((dueAt) => this.wake(dueAt));
  }

  /** Starts a runner: its first round (the catch-up after a restart) begins at once. */
  static start(ctx: AppContext, options: JobRunnerOptions): JobRunner {
    const runner = new JobRunner(ctx, options);
    runner.poke();
    return runner;
  }

  private get kinds(): string[] {
    return [...this.ctx.jobs.kinds.keys()];
  }

  /** A job due by the next poll was scheduled here: a round at its due time. */
  private wake(dueAt: Date) {
    if (this.stopped) return;
    const now = Date.now();
    if (dueAt.getTime() - now > this.options.pollMs) return;
    // A little after the due time: the database's clock decides what is due, and a job scheduled
    // in a transaction not yet committed is found by the poll after it.
    const at = Math.ceil(Math.max(now, dueAt.getTime()) / WAKE_STEP_MS) * WAKE_STEP_MS + 5;
    if (this.wakeTimers.has(at)) return;
    const timer = setTimeout(() => {
      this.wakeTimers.delete(at);
      this.poke();
    }, at - now);
    timer.unref();
    this.wakeTimers.set(at, timer);
  }

  /** Runs a round now, or right after the one running. */
  private poke() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.rounds().finally(() => {
      this.running = undefined;
      if (this.stopped) return;
      this.timer = setTimeout(() => this.poke(), this.options.pollMs);
      this.timer.unref();
    });
  }

  private async rounds(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.round();
      } catch (error) {
        // The database away (an outage, 0031) or closing: the next poll tries again.
        this.ctx.logger.warn({ err: error }, 'scheduled jobs: round failed');
      }
    } while (this.again && !this.stopped);
  }

  /** One round: skip the missed, then claim and run batches until none is due. */
  private async round(): Promise<void> {
    const db = this.ctx.database.db;
    const kinds = this.kinds;
    if (kinds.length === 0) return;
    for (const job of await repo.skipMissedJobs(db, kinds, this.options.catchUpMs)) {
      this.ctx.logger.warn(
        { job: { id: job.id, kind: job.kind, key: job.key, dueAt: job.dueAt } },
        'scheduled job skipped: due longer ago than the catch-up window (JOBS_CATCH_UP_HOURS)',
      );
    }
    await this.purge();
    while (!this.stopped) {
      const claimedBy = `${this.name}:${++this.batches}`;
      const claimed = await repo.claimDueJobs(db, kinds, this.batchSize, this.leaseMs, claimedBy);
      const groups = runGroups(claimed, this.ctx.jobs.kinds);
      for (const [index, group] of groups.entries()) {
        if (this.stopped) {
          const rest = groups.slice(index).flatMap((left) => left.map((job) => job.id));
          await repo.releaseClaims(db, rest, claimedBy);
          return;
        }
        await this.run(group, claimedBy);
      }
      if (claimed.length < this.batchSize) return;
    }
  }

  private async purge() {
    if (Date.now() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = Date.now();
    const purged = await repo.purgeFinishedJobs(this.ctx.database.db, this.options.catchUpMs);
    if (purged > 0) this.ctx.logger.info({ purged }, 'scheduled jobs: finished ones purged');
  }

  /**
   * Runs a group of claimed jobs of one kind in one transaction (one job, or a kind's
   * `handleMany` batch): each job's effects and its completion commit together. A batch that
   * fails is run again job by job, so one bad job fails alone and the others go on.
   */
  private async run(group: readonly repo.ClaimedJob[], claimedBy: string): Promise<void> {
    const kindName = group[0]?.kind;
    const kind = kindName === undefined ? undefined : this.ctx.jobs.kinds.get(kindName);
    if (!kind) return; // claimed only by the kinds this app has
    const maxAttempts = kind.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const db = this.ctx.database.db;
    const runnable: repo.ClaimedJob[] = [];
    for (const claimed of group) {
      if (claimed.attempts <= maxAttempts) {
        runnable.push(claimed);
        continue;
      }
      // Its earlier claims never came back: each try stopped its runner (or the database).
      await repo.recordJobFailure(db, claimed.id, claimedBy, 'no try finished', null);
      this.ctx.logger.error(
        { job: aboutJob(claimed) },
        'scheduled job failed: no try of it ever finished',
      );
    }
    if (runnable.length === 0) return;
    // What the jobs leave for after their commit: dropped with a transaction that rolls back.
    const effects: Array<() => void | Promise<void>> = [];
    const afterCommit: JobRun['afterCommit'] = (effect) => effects.push(effect);
    try {
      await db.transaction(async (tx) => {
        const jobs = (
          await repo.lockClaimedJobs(
            tx,
            runnable.map((job) => job.id),
            claimedBy,
          )
        ).map(dueJobOf);
        // Those moved, cancelled or taken over since the claim are not among them.
        if (jobs.length === 0) return;
        if (jobs.length > 1 && kind.handleMany) {
          await kind.handleMany(jobs, { db: tx, ctx: this.ctx, afterCommit });
        } else {
          for (const job of jobs) await kind.handle(job, { db: tx, ctx: this.ctx, afterCommit });
        }
        await repo.markJobsDone(
          tx,
          jobs.map((job) => job.id),
          claimedBy,
        );
      });
      this.runAfterCommit(effects, { kind: kind.kind, ids: runnable.map((job) => job.id) });
    } catch (error) {
      const [only] = runnable;
      if (runnable.length > 1 || !only) {
        this.ctx.logger.warn(
          { kind: kind.kind, jobs: runnable.length, err: error },
          'scheduled jobs: a batch failed, each of its jobs is run alone',
        );
        for (const claimed of runnable) await this.run([claimed], claimedBy);
        return;
      }
      const attempt = only.attempts;
      const exhausted = attempt >= maxAttempts;
      const retryInMs = exhausted ? null : (kind.backoffMs ?? defaultBackoffMs)(attempt);
      const message = error instanceof Error ? error.message : String(error);
      await repo.recordJobFailure(db, only.id, claimedBy, message.slice(0, 2000), retryInMs);
      if (exhausted) {
        this.ctx.logger.error({ job: aboutJob(only), attempt, err: error }, 'scheduled job failed');
      } else {
        this.ctx.logger.warn(
          { job: aboutJob(only), attempt, retryInMs, err: error },
          'scheduled job failed: tried again later',
        );
      }
    }
  }

  /** The committed job's effects outside its transaction, off the runner's round. */
  private runAfterCommit(effects: readonly (() => void | Promise<void>)[], about: object) {
    for (const effect of effects) {
      void (async () => effect())().catch((error: unknown) =>
        this.ctx.logger.warn(
          { job: about, err: error },
          'scheduled job: an effect after commit failed',
        ),
      );
    }
  }

  /** Stops polling; the running job finishes, claimed jobs not started are handed back. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unwatch();
    if (this.timer) clearTimeout(this.timer);
    for (const timer of this.wakeTimers.values()) clearTimeout(timer);
    this.wakeTimers.clear();
    await this.running;
  }
}

const aboutJob = (job: repo.ClaimedJob) => ({
  id: job.id,
  kind: job.kind,
  key: job.key,
  dueAt: job.dueAt,
});

type LockedJob = Awaited<ReturnType<typeof repo.lockClaimedJobs>>[number];

const dueJobOf = (job: LockedJob): DueJob => ({
  id: job.id,
  kind: job.kind,
  key: job.key,
  dueAt: job.dueAt,
  payload: job.payload as JobPayload,
  attempt: job.attempts,
});

/**
 * The claimed jobs in the groups they run in, in due order: each job alone, but the jobs of a
 * kind that handles many at once together, where the first of them stands.
 */
export function runGroups(
  claimed: readonly repo.ClaimedJob[],
  kinds: ReadonlyMap<string, JobKind>,
): repo.ClaimedJob[][] {
  const groups: repo.ClaimedJob[][] = [];
  const batches = new Map<string, repo.ClaimedJob[]>();
  for (const job of claimed) {
    if (!kinds.get(job.kind)?.handleMany) {
      groups.push([job]);
      continue;
    }
    const batch = batches.get(job.kind);
    if (batch) {
      batch.push(job);
      continue;
    }
    const started = [job];
    batches.set(job.kind, started);
    groups.push(started);
  }
  return groups;
}
