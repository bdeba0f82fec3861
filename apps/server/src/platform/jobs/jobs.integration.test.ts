import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/test-app';
import type { Database, Db } from '../../db/client';
import type { AppModule } from '../module';
import { defineJobKind, type JobKind } from './job-kind';
import { jobByKey } from './jobs.repo';
import { JobScheduler } from './scheduler';

/*
 * The scheduler and its runner on a real database (both engines): what is stored when a job is
 * scheduled, moved and cancelled; that a due job runs once and a later one waits; retries, the
 * catch-up window, a graceful stop, and two runners on one database never running a job twice.
 * Each handler records its run in `job_test_runs` through the job's own transaction.
 */

type Payload = { note: string };

const apps: TestApp[] = [];
const databases: Database[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const database of databases.splice(0)) await database.close();
});

async function recordingTable(db: Db) {
  await db.execute(sql`
    CREATE TABLE IF NOT EXISTS job_test_runs (
      key text NOT NULL,
      runner text NOT NULL,
      attempt integer NOT NULL,
      ran_at timestamptz NOT NULL DEFAULT clock_timestamp()
    )`);
}

type Run = { key: string; runner: string; attempt: number };

async function runsOf(db: Db): Promise<Run[]> {
  const result = (await db.execute(
    sql`SELECT key, runner, attempt FROM job_test_runs ORDER BY ran_at`,
  )) as { rows: Run[] };
  return result.rows;
}

/** A job kind whose handler records the run (in the job's transaction), then does `more`. */
function recordingKind(
  kind: string,
  more: (attempt: number) => Promise<void> = async () => undefined,
  options: Pick<JobKind, 'maxAttempts' | 'backoffMs'> = {},
) {
  return defineJobKind<Payload>({
    kind,
    ...options,
    async handle(job, run) {
      await run.db.execute(
        sql`INSERT INTO job_test_runs (key, runner, attempt)
            VALUES (${job.key}, ${run.ctx.config.dataDir}, ${job.attempt})`,
      );
      await more(job.attempt);
    },
  });
}

async function appWith(
  kinds: JobKind<Payload>[],
  env: Record<string, string> = {},
  database?: Database,
) {
  const module: AppModule = { name: 'jobs-test', jobs: kinds };
  const app = await createTestApp(
    { JOBS_POLL_MS: '100', ...env },
    { extraModules: [module], ...(database ? { database } : {}) },
  );
  apps.push(app);
  await recordingTable(app.context.database.db);
  return app;
}

const inMs = (ms: number) => new Date(Date.now() + ms);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('scheduling', () => {
  it('stores a job, moves it when its key is scheduled again, and cancels by key and prefix', async () => {
    const kind = recordingKind('test.store');
    const app = await appWith([kind]);
    const { db } = app.context.database;
    const jobs = app.context.jobs;

    const first = inMs(3_600_000);
    await jobs.schedule(kind, 'task:12:24h', first, { note: 'a' });
    const stored = await jobByKey(db, 'task:12:24h');
    expect(stored).toMatchObject({ kind: 'test.store', status: 'pending', attempts: 0 });
    expect(stored?.dueAt.getTime()).toBe(first.getTime());
    expect(stored?.payload).toEqual({ note: 'a' });

    const moved = inMs(7_200_000);
    await jobs.schedule(kind, 'task:12:24h', moved, { note: 'b' });
    const after = await jobByKey(db, 'task:12:24h');
    expect(after?.id).toBe(stored?.id);
    expect(after?.dueAt.getTime()).toBe(moved.getTime());
    expect(after?.payload).toEqual({ note: 'b' });

    await jobs.schedule(kind, 'task:12:1h', moved, { note: 'c' });
    await jobs.schedule(kind, 'task:13:1h', moved, { note: 'd' });
    expect(await jobs.cancel('task:13:1h')).toBe(true);
    expect(await jobs.cancel('task:13:1h')).toBe(false);
    expect(await jobByKey(db, 'task:13:1h')).toBeUndefined();
    expect(await jobs.cancelByPrefix('task:12:')).toBe(2);
    expect(await jobByKey(db, 'task:12:24h')).toBeUndefined();
    // A prefix is taken as text, not as a LIKE pattern.
    await jobs.schedule(kind, 'a_b', moved, { note: 'e' });
    expect(await jobs.cancelByPrefix('a%')).toBe(0);
    expect(await jobs.cancelByPrefix('a_')).toBe(1);
  });

  it('schedules many jobs of a kind in one statement, a pending one keeping its time', async () => {
    const kind = recordingKind('test.many-stored');
    const app = await appWith([kind]);
    const { db } = app.context.database;
    const [soon, later, latest] = [inMs(3_600_000), inMs(7_200_000), inMs(9_000_000)];
    await app.context.jobs.schedule(kind, 'crowd:1', soon, { note: 'first' });
    await app.context.jobs.scheduleManyUnlessPending(kind, [
      { key: 'crowd:1', dueAt: later, payload: { note: 'again' } },
      { key: 'crowd:2', dueAt: later, payload: { note: 'new' } },
      // A key named twice: the last counts.
      { key: 'crowd:3', dueAt: later, payload: { note: 'dropped' } },
      { key: 'crowd:3', dueAt: latest, payload: { note: 'kept' } },
    ]);
    expect((await jobByKey(db, 'crowd:1'))?.dueAt.getTime()).toBe(soon.getTime());
    expect(await jobByKey(db, 'crowd:2')).toMatchObject({
      status: 'pending',
      payload: { note: 'new' },
    });
    const third = await jobByKey(db, 'crowd:3');
    expect(third?.dueAt.getTime()).toBe(latest.getTime());
    expect(third?.payload).toEqual({ note: 'kept' });
  });

  it('refuses a kind no module declared', async () => {
    const app = await appWith([recordingKind('test.known')]);
    await expect(
      app.context.jobs.schedule(recordingKind('test.unknown'), 'k', new Date(), { note: '' }),
    ).rejects.toThrow('not declared');
  });
});

describe('running', () => {
  it('runs a due job once, and leaves a job not yet due waiting', async () => {
    const kind = recordingKind('test.once');
    const app = await appWith([kind]);
    const { db } = app.context.database;
    await app.context.jobs.schedule(kind, 'now', new Date(), { note: 'now' });
    await app.context.jobs.schedule(kind, 'later', inMs(3_600_000), { note: 'later' });

    await expect.poll(async () => (await jobByKey(db, 'now'))?.status).toBe('done');
    // Several more polls (100 ms each): neither a second run nor the later job.
    await sleep(600);
    expect((await runsOf(db)).map((run) => run.key)).toEqual(['now']);
    expect(await jobByKey(db, 'later')).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await jobByKey(db, 'now')).toMatchObject({ status: 'done', attempts: 1 });

    // Scheduled again for the time it ran at: not run again. Moved: runs again.
    const ran = (await jobByKey(db, 'now'))?.dueAt ?? new Date();
    await app.context.jobs.schedule(kind, 'now', ran, { note: 'again' });
    await sleep(400);
    expect(await runsOf(db)).toHaveLength(1);
    await app.context.jobs.schedule(kind, 'now', new Date(ran.getTime() + 1), { note: 'moved' });
    await expect.poll(async () => (await runsOf(db)).length).toBe(2);
  });

  it('runs a job scheduled on this instance at its time, without waiting for the next poll', async () => {
    const kind = recordingKind('test.wake');
    // A poll a minute: only the wake-up of schedule() can run it within seconds.
    const app = await appWith([kind], { JOBS_POLL_MS: '60000' });
    const { db } = app.context.database;
    await sleep(300); // the first round (the catch-up at start) is over
    const due = inMs(300);
    await app.context.jobs.schedule(kind, 'soon', due, { note: '' });
    await expect
      .poll(async () => (await jobByKey(db, 'soon'))?.status, { timeout: 5000 })
      .toBe('done');
    const done = await jobByKey(db, 'soon');
    expect(done?.doneAt?.getTime()).toBeGreaterThanOrEqual(due.getTime() - 50);
  });

  it('retries a failing job after its backoff, its effects rolled back each time, then marks it failed', async () => {
    const calls: number[] = [];
    const kind = recordingKind(
      'test.failing',
      async (attempt) => {
        calls.push(attempt);
        throw new Error(`broken ${attempt}`);
      },
      { maxAttempts: 3, backoffMs: () => 200 },
    );
    const app = await appWith([kind]);
    const { db } = app.context.database;
    await app.context.jobs.schedule(kind, 'broken', new Date(), { note: '' });

    await expect.poll(async () => (await jobByKey(db, 'broken'))?.status).toBe('failed');
    expect(calls).toEqual([1, 2, 3]);
    expect(await jobByKey(db, 'broken')).toMatchObject({ attempts: 3, lastError: 'broken 3' });
    // Each try's row was rolled back with it.
    expect(await runsOf(db)).toEqual([]);
    await sleep(500);
    expect(calls).toHaveLength(3);
  });

  it('finishes a job whose first try failed on the next, with the effects of that one only', async () => {
    const kind = recordingKind(
      'test.flaky',
      async (attempt) => {
        if (attempt === 1) throw new Error('once');
      },
      { backoffMs: () => 100 },
    );
    const app = await appWith([kind]);
    const { db } = app.context.database;
    await app.context.jobs.schedule(kind, 'flaky', new Date(), { note: '' });
    await expect.poll(async () => (await jobByKey(db, 'flaky'))?.status).toBe('done');
    expect((await runsOf(db)).map((run) => run.attempt)).toEqual([2]);
  });

  it('hands jobs of a kind due together to its handleMany in one transaction; a batch that fails runs job by job', async () => {
    const batches: string[][] = [];
    const record = (db: Db, key: string, attempt: number, runner: string) =>
      db.execute(
        sql`INSERT INTO job_test_runs (key, runner, attempt) VALUES (${key}, ${runner}, ${attempt})`,
      );
    const kind = defineJobKind<Payload>({
      kind: 'test.many',
      backoffMs: () => 100,
      async handle(job, run) {
        if (job.payload.note === 'bad' && job.attempt === 1) throw new Error('bad alone');
        await record(run.db, job.key, job.attempt, 'alone');
      },
      async handleMany(jobs, run) {
        batches.push(jobs.map((job) => job.key));
        for (const job of jobs) await record(run.db, job.key, job.attempt, 'batch');
        if (jobs.some((job) => job.payload.note === 'bad')) throw new Error('bad in a batch');
      },
    });
    const app = await appWith([kind], { JOBS_POLL_MS: '1500' });
    const { db } = app.context.database;
    const due = new Date(Date.now() - 1000);
    // Each set in one transaction: the runner's round finds the whole set due, or none of it.
    const scheduleTogether = (jobs: Array<[key: string, note: string]>) =>
      db.transaction(async (tx) => {
        for (const [key, note] of jobs)
          await app.context.jobs.schedule(kind, key, due, { note }, tx);
      });
    await scheduleTogether([
      ['good:a', 'good'],
      ['good:b', 'good'],
      ['good:c', 'good'],
    ]);
    await expect.poll(async () => (await runsOf(db)).length, { timeout: 5000 }).toBe(3);
    expect(batches).toEqual([['good:a', 'good:b', 'good:c']]);
    expect((await runsOf(db)).map((run) => [run.key, run.runner])).toEqual([
      ['good:a', 'batch'],
      ['good:b', 'batch'],
      ['good:c', 'batch'],
    ]);

    await db.execute(sql`DELETE FROM job_test_runs`);
    await scheduleTogether([
      ['next:d', 'good'],
      ['next:e', 'good'],
      ['next:bad', 'bad'],
    ]);
    await expect
      .poll(async () => (await jobByKey(db, 'next:bad'))?.status, { timeout: 5000 })
      .toBe('done');
    // The batch's effects were rolled back; the good ones then ran alone at once, the bad one
    // failed alone and ran on its next try.
    expect(batches).toHaveLength(2);
    const runs = await runsOf(db);
    expect(runs.map((run) => [run.key, run.runner, run.attempt])).toEqual([
      ['next:d', 'alone', 1],
      ['next:e', 'alone', 1],
      ['next:bad', 'alone', 2],
    ]);
    expect(await jobByKey(db, 'next:d')).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('leaves pending a job whose handler moved its own key, and runs it again at its new time', async () => {
    const kind: JobKind<Payload> = defineJobKind<Payload>({
      kind: 'test.again',
      async handle(job, run) {
        await run.db.execute(
          sql`INSERT INTO job_test_runs (key, runner, attempt) VALUES (${job.key}, ${job.payload.note}, ${job.attempt})`,
        );
        // The next one of a daily job: its own key, later (the first run only).
        if (job.payload.note === 'first') {
          await run.ctx.jobs.schedule(kind, job.key, inMs(300), { note: 'second' }, run.db);
        }
      },
    });
    const app = await appWith([kind]);
    const { db } = app.context.database;
    await app.context.jobs.schedule(kind, 'daily', new Date(), { note: 'first' });
    await expect
      .poll(async () => (await runsOf(db)).map((run) => run.runner), { timeout: 5000 })
      .toEqual(['first', 'second']);
    expect(await jobByKey(db, 'daily')).toMatchObject({
      status: 'done',
      payload: { note: 'second' },
    });
  });

  it('takes over a job whose runner died after claiming it, once its lease ran out; fails one whose every try died', async () => {
    const kind = recordingKind('test.orphaned', undefined, { maxAttempts: 2 });
    const database = await openTestDatabase();
    databases.push(database);
    await recordingTable(database.db);
    const offline = new JobScheduler(database, [kind], pino({ level: 'silent' }));
    await offline.schedule(kind, 'orphan', inMs(-1000), { note: '' });
    await offline.schedule(kind, 'killer', inMs(-1000), { note: '' });
    // As a runner killed mid-run leaves them: claimed, tried, never finished; leases running out.
    await database.db.execute(sql`
      UPDATE scheduled_jobs SET claimed_by = 'dead:1', claimed_until = now() + interval '3 seconds',
        attempts = CASE key WHEN 'killer' THEN 2 ELSE 1 END`);
    const leaseEnd = (await jobByKey(database.db, 'orphan'))?.claimedUntil ?? new Date();

    const app = await appWith([kind], {}, database);
    const { db } = app.context.database;
    await expect.poll(async () => (await jobByKey(db, 'orphan'))?.status).toBe('done');
    const orphan = await jobByKey(db, 'orphan');
    expect(orphan?.attempts).toBe(2);
    // Not before the dead runner's lease ran out.
    expect(orphan?.doneAt?.getTime()).toBeGreaterThanOrEqual(leaseEnd.getTime());
    // Its two tries both ended with their runner: not run a third time.
    expect(await jobByKey(db, 'killer')).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: 'no try finished',
    });
    expect((await runsOf(db)).map((run) => run.key)).toEqual(['orphan']);
  });

  it('on start, runs the jobs missed within the catch-up window and skips older ones', async () => {
    const kind = recordingKind('test.catch-up');
    const database = await openTestDatabase();
    databases.push(database);
    await recordingTable(database.db);
    // Scheduled while no runner was up (the server down).
    const offline = new JobScheduler(database, [kind], pino({ level: 'silent' }));
    const hour = 3_600_000;
    await offline.schedule(kind, 'missed-1h', inMs(-hour), { note: '' });
    await offline.schedule(kind, 'missed-25h', inMs(-25 * hour), { note: '' });
    await offline.schedule(kind, 'missed-3h', inMs(-3 * hour), { note: '' });

    const app = await appWith([kind], { JOBS_CATCH_UP_HOURS: '2' }, database);
    const { db } = app.context.database;
    await expect.poll(async () => (await jobByKey(db, 'missed-1h'))?.status).toBe('done');
    expect(await jobByKey(db, 'missed-3h')).toMatchObject({ status: 'skipped', attempts: 0 });
    expect(await jobByKey(db, 'missed-25h')).toMatchObject({ status: 'skipped', attempts: 0 });
    expect((await runsOf(db)).map((run) => run.key)).toEqual(['missed-1h']);
  });

  it('lets the running job finish when the app closes', async () => {
    let started = false;
    const kind = recordingKind('test.slow', async () => {
      started = true;
      await sleep(500);
    });
    const database = await openTestDatabase();
    databases.push(database);
    const app = await appWith([kind], {}, database);
    await app.context.jobs.schedule(kind, 'slow', new Date(), { note: '' });
    await expect.poll(() => started).toBe(true);
    apps.splice(apps.indexOf(app), 1);
    await app.close();
    expect(await jobByKey(database.db, 'slow')).toMatchObject({ status: 'done' });
    expect(await runsOf(database.db)).toHaveLength(1);
  });

  it('two runners on one database run each of 200 jobs exactly once', async () => {
    const kind = recordingKind('test.shared', () => sleep(2));
    const database = await openTestDatabase();
    databases.push(database);
    const a = await appWith([kind], { JOBS_POLL_MS: '50' }, database);
    const b = await appWith([kind], { JOBS_POLL_MS: '50' }, database);
    const start = Date.now();
    const keys = Array.from({ length: 200 }, (_, index) => `shared:${index}`);
    // Scheduled through both (each wakes its own runner), due over two seconds.
    for (const [index, key] of keys.entries()) {
      const app = index % 2 === 0 ? a : b;
      await app.context.jobs.schedule(kind, key, new Date(start + index * 10), { note: key });
    }
    await expect
      .poll(async () => (await runsOf(database.db)).length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(200);
    await sleep(500); // time for a second run of any job to show
    const runs = await runsOf(database.db);
    expect(runs.map((run) => run.key).sort()).toEqual([...keys].sort());
    const byRunner = new Map<string, number>();
    for (const run of runs) byRunner.set(run.runner, (byRunner.get(run.runner) ?? 0) + 1);
    console.log(`two runners: ${[...byRunner.values()].join(' + ')} runs`);
  });
});
