#!/usr/bin/env node
// The one test command (npm test): lint and typecheck, every vitest project of vitest.config.ts
// on PGlite (logic, DOM, database, real processes), the database project again on PostgreSQL
// when TEST_DATABASE_URL is set, then the browser journeys (the web build runs beside lint).
import { spawn } from 'node:child_process';
import { ensureChromium } from './chromium.mjs';

const started = Date.now();
const summary = [];

/**
 * One step as a child process. Its output is kept for the summary's list of what failed and
 * printed as it comes (`live`) or whole when it ends (a lane beside others, so lanes never
 * interleave).
 */
function runStep({ title, command, args, env = {}, live = false }) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    if (live) console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`);
    const child = spawn(command, args, { env: { ...process.env, ...env } });
    let output = '';
    const keep = (chunk) => {
      output += chunk;
      if (live) process.stdout.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (status) => {
      if (!live) {
        console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`);
        if (output) process.stdout.write(output);
      }
      const seconds = ((Date.now() - t0) / 1000).toFixed(1);
      const ok = status === 0;
      // A passing step lists the attempts that failed before a retry passed; a failing one, all.
      resolve({ title, ok, seconds, failures: ok ? failedAttemptsIn(output) : failuresIn(output) });
    });
  });
}

function record({ title, ok, seconds, failures }) {
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${title} (${seconds}s)`);
  for (const line of failures) summary.push(`       ${line}`);
}

/**
 * Lanes of steps that do not depend on each other, at the same time; the steps of one lane run one
 * after the other. ESLint and typecheck are one process each, single-threaded: side by side they
 * take the time of the longer one on two cores. ESLint is the longer (on a fresh clone, without
 * its cache: 250-380 s against typecheck's 130-220 s on a slow two-core machine), so what else
 * must run before the tests follows typecheck in the other core: the web build (needed only by
 * the browser journeys) and the format and OpenAPI checks (`npm run lint` minus ESLint, 46 s).
 * Each step's output is printed whole when it ends, so the lanes never interleave.
 */
async function runLanes(lanes) {
  const runLane = async (steps) => {
    const done = [];
    for (const step of steps) {
      const result = await runStep(step);
      done.push(result);
      if (!result.ok) break;
    }
    return done;
  };
  const results = (await Promise.all(lanes.map(runLane))).flat();
  results.forEach(record);
  if (results.some((result) => !result.ok)) finish(1);
}

/**
 * What failed in a step's output, for the summary: CI keeps only the tail of a run's log, and a
 * failed lane's own report may be printed long before it (stop 58 told only that the PostgreSQL
 * pass failed, not which test). Vitest's failed files and tests, ESLint's and tsc's errors.
 */
const FAILURE_LINE =
  /^\s*(?:FAIL\b|[×✗✖]\s)|error TS\d+|^\s*\d+:\d+\s+error\s|^── ".*" failed \(attempt \d+\)/;
/** The line a failed attempt of a retried test prints (test/attempt-report.ts, e2e's report). */
const ATTEMPT_LINE = /^── ".*" failed \(attempt \d+\): /;
const FAILURES_SHOWN = 40;
const plain = (output) =>
  // eslint-disable-next-line no-control-regex -- the colour codes of the tools' own output
  output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
function failedAttemptsIn(output) {
  return plain(output)
    .filter((line) => ATTEMPT_LINE.test(line.trim()))
    .map((line) => `passed on a retry: ${line.trim().slice(3, 300)}`);
}
function failuresIn(output) {
  const lines = plain(output);
  const found = new Set();
  lines.forEach((line, index) => {
    if (!FAILURE_LINE.test(line)) return;
    found.add(line.trim());
    // Under a vitest FAIL line, the error it ended with (an AssertionError, a timeout).
    const why = /^\s*FAIL\b/.test(line) && lines.slice(index + 1).find((next) => next.trim());
    if (why) found.add(`  ${why.trim().slice(0, 200)}`);
  });
  const all = [...found];
  return all.length > FAILURES_SHOWN
    ? [...all.slice(0, FAILURES_SHOWN), `… and ${all.length - FAILURES_SHOWN} more`]
    : all;
}

function skip(title, reason) {
  console.log(`\n⏭ ${title} skipped: ${reason}`);
  summary.push(`skip ${title}: ${reason}`);
}

function finish(code) {
  console.log(`\n── test summary (${((Date.now() - started) / 1000).toFixed(0)}s) ──`);
  for (const line of summary) console.log(line);
  process.exit(code);
}

await runLanes([
  [{ title: 'lint (ESLint)', command: 'npm', args: ['run', 'lint:code', '--silent'] }],
  [
    { title: 'typecheck', command: 'npm', args: ['run', 'typecheck', '--silent'] },
    { title: 'web build', command: 'npm', args: ['run', 'build', '--silent'] },
    {
      title: 'lint (format, OpenAPI)',
      command: 'npm',
      args: ['run', 'lint:format', '--silent'],
    },
  ],
]);

if (!process.env.TEST_REDIS_URL) {
  console.log('TEST_REDIS_URL not set: the Redis bus, limiter and two-instance tests are skipped.');
}
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const pglitePass = await runStep({
  title: 'logic + DOM + database (PGlite) + processes',
  command: 'npx',
  args: ['vitest', 'run'],
  env: {
    TEST_DB_KIND: 'pglite',
    // With PostgreSQL, the process tests that need it and mostly wait run beside its pass below.
    ...(postgres ? { TEST_PROCESSES_BESIDE_POSTGRES: 'later' } : {}),
  },
  live: true,
});
record(pglitePass);
if (!pglitePass.ok) finish(1);

const chrome = ensureChromium();
if (!chrome.ok) {
  console.error(`\n✖ ${chrome.message}`);
  summary.push(`FAIL e2e: ${chrome.message}`);
  finish(1);
}
// Pictures only of what failed: nobody looks at a passing run's, and each costs a loaded machine.
const e2eEnv = { CHROME_PATH: chrome.path, E2E_SCREENSHOTS: 'failures' };
/**
 * Five browsers sending video to each other: beside the other lanes and a second journey it ran
 * out of its 300 s on a slow two-core machine (alone: 100-120 s), so it runs last, alone.
 */
const DISCUSSION_JOURNEY = 'meeting-discussion.spec.ts';
const endToEnd = {
  title: 'end-to-end (Chromium)',
  command: 'npx',
  args: [
    'vitest',
    'run',
    '--config',
    'e2e/vitest.config.ts',
    '--exclude',
    `**/${DISCUSSION_JOURNEY}`,
  ],
  env: e2eEnv,
};
const discussionAlone = {
  title: 'end-to-end: the discussion meeting, alone (five browsers sending video)',
  command: 'npx',
  args: ['vitest', 'run', '--config', 'e2e/vitest.config.ts', DISCUSSION_JOURNEY],
  env: e2eEnv,
};

// The browser journeys beside the PostgreSQL pass: each waits much of its time (on the database
// server, on pages), so side by side they take little more than the longer of the two.
if (postgres) {
  await runLanes([
    [
      {
        title: 'database (PostgreSQL)',
        command: 'npx',
        args: ['vitest', 'run', '--project', 'server-db'],
        env: { TEST_DB_KIND: 'postgres' },
      },
    ],
    [
      {
        title: 'processes on PostgreSQL (scheduler and reminders, two instances)',
        command: 'npx',
        args: [
          'vitest',
          'run',
          '--project',
          'server-processes',
          'scheduled-jobs',
          'reminders-processes',
        ],
        env: { TEST_DB_KIND: 'pglite' },
      },
    ],
    [endToEnd],
  ]);
} else {
  skip('database tests (PostgreSQL)', 'TEST_DATABASE_URL is not set');
  await runLanes([[endToEnd]]);
}
await runLanes([[discussionAlone]]);
finish(0);
