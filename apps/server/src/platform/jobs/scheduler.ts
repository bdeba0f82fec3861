import type { Logger } from 'pino';
import type { Database, Db } from '../../db/client';
import type { JobKind, JobPayload } from './job-kind';
import * as repo from './jobs.repo';

/** Told of a job scheduled on this instance, to run it without waiting a whole poll. */
export type Waker = (dueAt: Date) => void;

/**
 * The app's due-time jobs (`ctx.jobs`, decision 0042): what modules call to schedule and cancel,
 * over the kinds every module declared (`jobs` in its module file). The runner that runs them is
 * started with the app (`JobRunner`, app.ts).
 */
export class JobScheduler {
  readonly kinds: ReadonlyMap<string, JobKind>;
  private readonly wakers = new Set<Waker>();

  constructor(
    private readonly database: Database,
    kinds: readonly JobKind[],
    readonly logger: Logger,
  ) {
    const byName = new Map<string, JobKind>();
    for (const kind of kinds) {
      // Two handlers for one kind would leave which one runs to the order of the modules.
      if (byName.has(kind.kind)) throw new Error(`two job kinds named ${kind.kind}`);
      byName.set(kind.kind, kind);
    }
    this.kinds = byName;
  }

  /**
   * Schedules the job `key` of `kind` at `dueAt`: a new job, or the job of that key moved (a new
   * due time starts it afresh, its tries forgotten). Scheduling a key again with the due time it
   * already ran at does not run it again. `db`: the caller's transaction, so the job exists
   * exactly when the change it follows from commits (default: the app's database).
   */
  async schedule<P extends JobPayload>(
    kind: JobKind<P>,
    key: string,
    dueAt: Date,
    payload: P,
    db: Db = this.database.db,
  ): Promise<void> {
    await this.put(kind, [{ key, dueAt, payload }], db, false);
  }

  /**
   * As `schedule`, except that a job of `key` still pending keeps its due time: for a job that
   * gathers what happens until it runs (a digest of what came meanwhile), which a stream of
   * events must not keep pushing back.
   */
  async scheduleUnlessPending<P extends JobPayload>(
    kind: JobKind<P>,
    key: string,
    dueAt: Date,
    payload: P,
    db: Db = this.database.db,
  ): Promise<void> {
    await this.put(kind, [{ key, dueAt, payload }], db, true);
  }

  /**
   * `scheduleUnlessPending` for many jobs of one kind in one statement (a mention of a thousand
   * members schedules a thousand digests).
   */
  async scheduleManyUnlessPending<P extends JobPayload>(
    kind: JobKind<P>,
    jobs: readonly { key: string; dueAt: Date; payload: P }[],
    db: Db = this.database.db,
  ): Promise<void> {
    await this.put(kind, jobs, db, true);
  }

  private async put<P extends JobPayload>(
    kind: JobKind<P>,
    jobs: readonly { key: string; dueAt: Date; payload: P }[],
    db: Db,
    keepPending: boolean,
  ): Promise<void> {
    if (this.kinds.get(kind.kind) !== (kind as unknown as JobKind)) {
      throw new Error(`job kind ${kind.kind} is not declared by any module of the app`);
    }
    for (const { key, dueAt } of jobs) {
      if (Number.isNaN(dueAt.getTime())) throw new Error(`job ${key}: invalid due time`);
    }
    await repo.upsertJobs(
      db,
      jobs.map((job) => ({ kind: kind.kind, ...job })),
      keepPending,
    );
    // One wake-up a due time: a crowd due at one moment wakes the runner once.
    for (const dueAt of new Set(jobs.map((job) => job.dueAt.getTime()))) {
      for (const wake of this.wakers) wake(new Date(dueAt));
    }
  }

  /** Cancels the pending job `key` (one that already ran stays); answers whether there was one. */
  async cancel(key: string, db: Db = this.database.db): Promise<boolean> {
    return (await repo.deletePendingJob(db, key)) > 0;
  }

  /** Cancels every pending job whose key starts with `prefix` ("kanban:task:12:"); answers how many. */
  async cancelByPrefix(prefix: string, db: Db = this.database.db): Promise<number> {
    if (prefix === '') throw new Error('cancelByPrefix needs a prefix: it would cancel every job');
    return repo.deletePendingJobsByPrefix(db, prefix);
  }

  /** Registers a runner of this instance to be told of new jobs; answers how to stop telling it. */
  onScheduled(wake: Waker): () => void {
    this.wakers.add(wake);
    return () => this.wakers.delete(wake);
  }
}
