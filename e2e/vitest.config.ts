import { defineConfig } from 'vitest/config';

/** Browser journeys: real Chromium against a real server started by the suite. */
export default defineConfig({
  test: {
    root: 'e2e',
    include: ['**/*.spec.ts'],
    setupFiles: ['support/failure-report.ts'],
    environment: 'node',
    // A journey takes under a minute on a quiet machine. CI runs them beside the PostgreSQL pass,
    // and on a slower two-core machine (2 × AMD EPYC, 2026-12-01) the longest, team-plan, took
    // 48 s alone, 113 s beside a second journey and over 180 s in both attempts beside the
    // PostgreSQL pass: the limit is for a hang, not for a slow machine.
    testTimeout: 360_000,
    hookTimeout: 180_000,
    // expect.poll gives up after 1 s by default: on a loaded 2-core CI machine a drop, a save or a
    // live event can take longer than that to show, and three landings failed on such waits.
    expect: { poll: { timeout: 15_000 } },
    // A journey that fails runs once more with fresh users (each makes its own by time stamp), so
    // one stall of the shared CI machine does not fail a landing; the failure report
    // (support/failure-report.ts) still prints what the page showed on the first attempt, and a
    // journey that is truly broken fails both times.
    retry: 1,
    // Two files at a time, each in its own worker process with its own server, SMTP sink, DATA_DIR
    // and browser (support/stack.ts picks every port afresh): one file waiting on its browser or
    // server leaves the other core to the second. Users are made by time stamp, but never on a
    // server another file uses. One shared server per worker was not taken: all sign-ups would
    // then come from one IP against its hourly budget of 30 mailed codes (email-codes.service.ts).
    fileParallelism: true,
    maxWorkers: 2,
  },
});
