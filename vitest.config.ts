import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Test files at once. Vitest's default for a run is one less than the cores: one file at a time
 * on the 2-core CI machine, where a file mostly waits on its database worker, its server or
 * jsdom. Two at a time there took a quarter less time (chat and app web tests 52-64 s → 39-48 s,
 * chat/search/board server tests 88 → 64 s, same machine, back to back). One run shares this
 * count across its projects (Vitest allows a project its own count only in a group of its own,
 * run before or after the others, which costs more than it saves: see the logic projects below).
 */
const maxWorkers = Math.max(2, os.availableParallelism() - 1);

const root = import.meta.dirname;
/** Files under `dir/sub` ending in `suffix`, as paths relative to `dir` (a project's root). */
function testFiles(dir: string, subs: string[], suffix: string): string[] {
  return subs
    .flatMap((sub) =>
      readdirSync(path.join(root, dir, sub), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith(suffix))
        .map((file) => path.posix.join(sub, file.split(path.sep).join('/'))),
    )
    .sort();
}
const contentOf = (dir: string, file: string) => readFileSync(path.join(root, dir, file), 'utf8');

/*
 * What a file needs is read from the file itself, so a new test lands in the right project
 * without a list to keep:
 *  - web: a `.tsx` test renders and gets jsdom; a `.ts` test is logic and runs in plain node,
 *    unless it says `@vitest-environment jsdom` in its docblock (it drives storage, fetch
 *    stand-ins, Notification or a hook: seven files).
 *  - server: a file that imports test/server-process starts real processes (the built server, a
 *    DATA_DIR lock holder) on the embedded database: it runs once. A file that imports the test
 *    app, its factories or fixtures opens a test database: it runs on PGlite and, in the
 *    PostgreSQL pass, again on PostgreSQL. Everything else needs neither and runs once.
 */
const webTs = testFiles('apps/web', ['src'], '.test.ts');
const webDomTs = webTs.filter((file) =>
  /@vitest-environment jsdom\b/.test(contentOf('apps/web', file)),
);

const serverTests = testFiles('apps/server', ['src', 'test'], '.test.ts');
const startsProcesses = (source: string) => /from '[^']*\/server-process'/.test(source);
const opensTestDatabase = (source: string) =>
  /from '[^']*\/(?:test-app|factories|chat-fixture|api-world|live-revocation)'/.test(source);
/**
 * Files that open a test database but whose subject is the same on either engine, run once: the
 * web app's static files beside the API, and the API fuzz (how every route answers 7,000
 * generated requests, mostly refused before any statement; both engines are the same PostgreSQL
 * code, so a statement refuses the same input on either). On PostgreSQL beside the browser
 * journeys the fuzz alone took 124-213 s of the pass, 28 s on PGlite.
 */
const engineIndependent = new Set([
  'test/serve-web.integration.test.ts',
  'test/api-fuzz.integration.test.ts',
]);
const serverProcessTests: string[] = [];
/**
 * Process tests that need PostgreSQL and mostly wait (the scheduler's 1,000 jobs due over two
 * minutes): npm test runs them beside the PostgreSQL pass, where they cost no wall time of their
 * own, and sets TEST_PROCESSES_BESIDE_POSTGRES=later for the PGlite pass to leave them out.
 */
const besidePostgres = [
  'test/scheduled-jobs.integration.test.ts',
  'test/reminders-processes.integration.test.ts',
];
const leftForLater = process.env.TEST_PROCESSES_BESIDE_POSTGRES === 'later';
const serverDatabaseTests: string[] = [];
const serverUnitTests: string[] = [];
for (const file of serverTests) {
  const source = contentOf('apps/server', file);
  if (startsProcesses(source)) serverProcessTests.push(file);
  else if (opensTestDatabase(source) && !engineIndependent.has(file))
    serverDatabaseTests.push(file);
  else serverUnitTests.push(file);
}

const serverProject = {
  root: 'apps/server',
  environment: 'node',
  // Most tests take a second or two here; the shared CI machine has run them up to 3.5 times
  // slower (a 120-member room's setup: 8.7 s here, over 30 s there). A hang still ends.
  testTimeout: 60_000,
  hookTimeout: 60_000,
} as const;

/**
 * Unit and integration tests of both apps, by what a file needs. TEST_DB_KIND=postgres (set by
 * scripts/test.mjs when TEST_DATABASE_URL is given, with `--project server-db`) runs the database
 * tests against real PostgreSQL instead of PGlite. The browser journeys have their own config
 * (e2e/vitest.config.ts).
 */
export default defineConfig({
  test: {
    maxWorkers,
    // expect.poll's own default (1 s) is shorter than a loaded CI machine needs for a worker's or a
    // second connection's answer to show.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        // Pure logic: no DOM, no database, no process. Worker threads start cheaper than forks.
        extends: true,
        test: {
          name: 'contracts',
          root: 'packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          pool: 'threads',
        },
      },
      {
        extends: true,
        test: {
          name: 'web-logic',
          root: 'apps/web',
          include: webTs.filter((file) => !webDomTs.includes(file)),
          environment: 'node',
          pool: 'threads',
        },
      },
      {
        extends: true,
        test: {
          name: 'web-dom',
          root: 'apps/web',
          include: ['src/**/*.test.tsx', ...webDomTs],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // A screen test waits up to 5 s for each thing it looks for (src/test/setup.ts); its own
          // budget must hold several such waits on a loaded CI machine, not one.
          testTimeout: 20_000,
          // One jsdom window and one import of React and Mantine per worker, not per file: 79
          // files took 164 s isolated and 56 s so (same machine, back to back). What a file
          // leaves in the window is put back after it (src/test/setup.ts); runs with the files
          // shuffled (--sequence.shuffle.files, seeds 1-6) found what was left and now pass.
          isolate: false,
        },
      },
      {
        // In-process server tests that open no test database (config, tokens, frames, the
        // embedded driver's own tests, the Redis bus and limiter).
        extends: true,
        test: { name: 'server-unit', ...serverProject, include: serverUnitTests, pool: 'forks' },
      },
      {
        // The only tests that run on both engines. A worker runs its files one after another in
        // one module graph (not isolated): each file builds its own app on its own database and
        // the app keeps its state in its context (per-app-state.integration.test.ts), so nothing
        // but the import of the server's modules is shared, and that import is no longer paid per
        // file (81 files on PGlite: 328 → 270 s, import 109 → 11 s, same machine, back to back).
        extends: true,
        test: {
          name: 'server-db',
          ...serverProject,
          include: serverDatabaseTests,
          pool: 'forks',
          isolate: false,
          // Once more after a failure, as the browser journeys do: stop 58's landing failed on one
          // database test beside the browser journeys on a slower machine, which passed here in
          // two runs of the same lanes. Every failed attempt is printed (test/attempt-report.ts)
          // and listed in npm test's summary; a test that is truly broken fails both times.
          retry: 1,
          setupFiles: ['test/attempt-report.ts'],
        },
      },
      {
        // Real processes on the embedded database: once, in the PGlite pass.
        extends: true,
        test: {
          name: 'server-processes',
          ...serverProject,
          include: serverProcessTests.filter(
            (file) => !(leftForLater && besidePostgres.includes(file)),
          ),
          pool: 'forks',
        },
      },
    ],
  },
});
