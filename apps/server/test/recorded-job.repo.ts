import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/* The queries of the scheduler's process test job (recorded-job.ts). */

/** Records one run of `key` by this process, in the job's transaction. */
export async function recordRun(db: Db, key: string, attempt: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO job_test_runs (key, pid, attempt) VALUES (${key}, ${process.pid}, ${attempt})`,
  );
}

/** Holds the transaction open `seconds`, so a SIGKILL can land while a run is in flight. */
export async function holdTransaction(db: Db, seconds: number): Promise<void> {
  await db.execute(sql`SELECT pg_sleep(${seconds})`);
}

/** The table the handler writes (no unique key: a second run of a job must show as a second row). */
export async function createRunsTable(db: Db): Promise<void> {
  await db.execute(sql`
    CREATE TABLE job_test_runs (
      key text NOT NULL,
      pid integer NOT NULL,
      attempt integer NOT NULL,
      ran_at timestamptz NOT NULL DEFAULT clock_timestamp()
    )`);
}
