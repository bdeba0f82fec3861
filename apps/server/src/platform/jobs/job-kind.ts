import type { AppContext } from '../../context';
import type { Db } from '../../db/client';

/** What a job's payload may hold: it is stored as jsonb and read back as JSON (no Date). */
export type JsonValue =
  string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** A job's payload: a JSON object (what the handler needs beyond the key: ids, offsets). */
export type JobPayload = { readonly [key: string]: JsonValue };

/** A job being run, as its handler sees it. */
export type DueJob<P extends JobPayload = JobPayload> = {
  readonly id: number;
  readonly kind: string;
  readonly key: string;
  readonly dueAt: Date;
  readonly payload: P;
  /** 1 on the first try (a claim that its runner did not finish counts too). */
  readonly attempt: number;
};

/**
 * What a handler is given: `db` is the transaction that marks the job done. Every database effect
 * of the job goes through it, so the effect and the job's completion commit together or not at
 * all (exactly once). Inside it, `ctx.database.db` must not be used: on the embedded database the
 * transaction holds the one connection and such a query would wait for it forever.
 */
export type JobRun = {
  readonly db: Db;
  readonly ctx: AppContext;
  /**
   * Runs `effect` once the job's transaction has committed (never when it rolls back): telling
   * live listeners and pushing what the job wrote, which others must be able to read by then.
   * A failing effect is logged; the job stays done.
   */
  afterCommit(effect: () => void | Promise<void>): void;
};

/**
 * A kind of job and its handler, contributed by a module (`jobs` in its module file). A handler
 * that throws is rolled back and retried after a backoff, up to `maxAttempts`, then the job is
 * marked failed and logged. Effects outside the database (mail, push) are at-least-once: a
 * runner killed after the send and before the commit sends again on the next try (decision 0042
 * says how a handler keeps such a repeat harmless).
 */
export type JobKind<P extends JobPayload = JobPayload> = {
  /** Unique across the app; the module's name first ("kanban.task-reminder"). */
  readonly kind: string;
  // A method, not a function-typed field: a kind with a narrower payload still fits a list of
  // kinds (methods are compared bivariantly; the scheduler keeps each key's payload typed).
  handle(job: DueJob<P>, run: JobRun): Promise<void>;
  /**
   * Runs several due jobs of this kind in one transaction, as `handle` would one by one (the same
   * effects): for kinds due in crowds, where a statement for many beats one a job (10,000
   * digests at 09:00). Jobs claimed together are handed over together; when it throws, each job
   * is run alone with `handle`, so one bad job fails by itself.
   */
  handleMany?(jobs: readonly DueJob<P>[], run: JobRun): Promise<void>;
  /** Tries before the job is marked failed (default 5). */
  readonly maxAttempts?: number;
  /** The wait before try `attempt + 1` after try `attempt` failed (default: 10 s doubling, ≤ 15 min). */
  readonly backoffMs?: (attempt: number) => number;
};

/** Declares a job kind with a typed payload (the scheduler takes the same type for `schedule`). */
export function defineJobKind<P extends JobPayload>(kind: JobKind<P>): JobKind<P> {
  return kind;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

export function defaultBackoffMs(attempt: number): number {
  return Math.min(15 * 60_000, 10_000 * 2 ** Math.max(0, attempt - 1));
}
