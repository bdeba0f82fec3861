import { defineJobKind } from '../src/platform/jobs/job-kind';
import type { AppModule } from '../src/platform/module';
import { holdTransaction, recordRun } from './recorded-job.repo';

export { createRunsTable } from './recorded-job.repo';

/*
 * A job kind for the scheduler's process test (scheduled-jobs.integration.test.ts): its handler
 * records the run in `job_test_runs`, in the job's own transaction, and then holds that
 * transaction open a moment, so a SIGKILL can land while a run is in flight. The test creates
 * the table; the harness (jobs-harness.ts) runs the real app with this module added.
 */

/** How long a run holds its transaction after recording itself (pg_sleep, in seconds). */
const HOLD_SECONDS = 0.05;

export const recordedJob = defineJobKind<{ index: number }>({
  kind: 'test.recorded',
  async handle(job, run) {
    await recordRun(run.db, job.key, job.attempt);
    await holdTransaction(run.db, HOLD_SECONDS);
  },
});

export const recordedJobModule: AppModule = { name: 'recorded-jobs', jobs: [recordedJob] };
