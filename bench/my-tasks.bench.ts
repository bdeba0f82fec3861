/**
 * `npm run bench -- my-tasks` (issue 44): "내 할 일" for a member of 10 teams with 5,000 cards
 * assigned, over HTTP on a real server process (sources), PGlite and PostgreSQL. Measures the
 * page the screen asks for first (GET /api/users/me/tasks, 50 cards, every group) and the side
 * panel's count, one request at a time, and beside them, in the same run, the same queries through
 * the database client alone (the repo function on a bare connection: what the SQL costs without
 * HTTP, auth and JSON). Target: p95 ≤ 100 ms on both engines.
 *
 * Seeds in SQL before the server opens the database (bench/my-tasks.repo.ts). PostgreSQL runs on
 * a scratch database when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 * BENCH_MY_TASKS_CARDS (default 5,000), BENCH_MY_TASKS_ROUNDS (default 300),
 * BENCH_MY_TASKS_ONLY=PGlite|PostgreSQL.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { databaseOptionsFor, openDatabase } from '../apps/server/src/db/client';
import { dueWindow } from '../apps/server/src/modules/kanban/my-tasks-window';
import { myTaskCount, myTaskPage } from '../apps/server/src/modules/kanban/my-tasks.repo';
import { startServer, type ServerProcess } from '../apps/server/test/server-process';
import ICAL from 'ical.js';
import { fillCalendar, fillMyTasks } from './my-tasks.repo';
import { withScratchDatabase } from './processes';
import { JWT_SECRET, percentile, seed } from './support';

const TEAMS = 10;
const CARDS = Number(process.env.BENCH_MY_TASKS_CARDS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_MY_TASKS_ROUNDS ?? 300);
const WARM_UP = 30;
const TARGET_MS = 100;

type Timing = { p50: number; p95: number; p99: number; max: number };

async function timed(rounds: number, once: () => Promise<void>): Promise<Timing> {
  for (let i = 0; i < WARM_UP; i += 1) await once();
  const times: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: Math.max(...times),
  };
}

const text_ = (t: Timing) =>
  `p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms, p99 ${t.p99.toFixed(1)} ms, max ${t.max.toFixed(1)} ms`;

async function runEngine(engine: 'PGlite' | 'PostgreSQL', databaseUrl: string | undefined) {
  const say = (line: string) => console.log(`[my-tasks ${engine}] ${line}`);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-bench-mytasks-'));
  const env: Record<string, string> = {
    DATA_DIR: tmp,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  let server: ServerProcess | undefined;
  try {
    const seeded = await seed(env, 1, {});
    let t0 = performance.now();
    const filled = await fillMyTasks(env, seeded.workspaceId, TEAMS, CARDS);
    say(
      `${filled.assigned} cards assigned to one member of ${TEAMS} teams, filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    t0 = performance.now();
    server = await startServer({
      dataDir: tmp,
      readyTimeoutMs: 180_000,
      env: {
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        NODE_ENV: 'production',
        JWT_SECRET,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '100000000',
      },
    });
    say(`server healthy in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const headers = { authorization: `Bearer ${seeded.tokens[0]}` };
    const get = (url: string) => async () => {
      const response = await fetch(`${server?.url}${url}`, { headers });
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
      await response.arrayBuffer();
    };
    const first = await fetch(`${server.url}/api/users/me/tasks?size=50`, { headers });
    const body = (await first.json()) as { data: { totalElements: number } };
    say(`open cards listed: ${body.data.totalElements}`);
    const list = await timed(ROUNDS, get('/api/users/me/tasks?size=50'));
    const deep = await timed(ROUNDS, get('/api/users/me/tasks?size=50&page=40'));
    const week = await timed(ROUNDS, get('/api/users/me/tasks?size=50&group=THIS_WEEK'));
    const count = await timed(ROUNDS, get('/api/users/me/tasks/count'));
    await server.stop();
    server = undefined;

    // The baseline: the same statements through the database client alone, same machine.
    const database = await openDatabase(
      databaseOptionsFor({ databaseUrl: env['DATABASE_URL'], dataDir: tmp }),
    );
    const filter = () => ({
      userId: filled.userId,
      window: dueWindow('Asia/Seoul', new Date()),
      includeDone: false,
    });
    let bareList: Timing;
    let bareCount: Timing;
    try {
      bareList = await timed(ROUNDS, async () => {
        await myTaskPage(database.db, filter(), { offset: 0, limit: 50 });
      });
      bareCount = await timed(ROUNDS, async () => {
        await myTaskCount(database.db, filter());
      });
    } finally {
      await database.close();
    }
    const met = Math.max(list.p95, deep.p95, week.p95, count.p95) <= TARGET_MS;
    say(`GET /api/users/me/tasks (first page, 50): ${text_(list)}`);
    say(`  page 41 of the same list: ${text_(deep)}`);
    say(`  this week only: ${text_(week)}`);
    say(`GET /api/users/me/tasks/count: ${text_(count)}`);
    say(`baseline, the page's SQL on the bare client: ${text_(bareList)}`);
    say(`baseline, the count's SQL on the bare client: ${text_(bareCount)}`);
    say(`target p95 ≤ ${TARGET_MS} ms: ${met ? 'met' : 'NOT met'}`);
  } finally {
    await server?.stop();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

const FEED_EVENTS = Number(process.env.BENCH_ICS_EVENTS ?? 1_000);
const FEED_ROUNDS = Number(process.env.BENCH_ICS_ROUNDS ?? 100);
const FEED_TARGET_MS = 300;

/**
 * `npm run bench -- ics-feed` (issue 44): the calendar feed of a member whose team has 1,000
 * events, fetched from its secret URL over HTTP; the document is parsed back with ical.js once
 * to check it is whole. Target ≤ 300 ms. Baseline in the same run: GET /api/health.
 */
async function runFeed(engine: 'PGlite' | 'PostgreSQL', databaseUrl: string | undefined) {
  const say = (line: string) => console.log(`[ics-feed ${engine}] ${line}`);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-bench-ics-'));
  const env: Record<string, string> = {
    DATA_DIR: tmp,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  let server: ServerProcess | undefined;
  try {
    const seeded = await seed(env, 1, {});
    await fillCalendar(env, seeded.workspaceId, FEED_EVENTS);
    server = await startServer({
      dataDir: tmp,
      readyTimeoutMs: 180_000,
      env: {
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        NODE_ENV: 'production',
        JWT_SECRET,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '100000000',
      },
    });
    const issued = await fetch(`${server.url}/api/users/me/calendar-feed`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seeded.tokens[0]}` },
    });
    const { data } = (await issued.json()) as { data: { url: string } };
    const feedPath = new URL(data.url).pathname;
    const first = await fetch(`${server.url}${feedPath}`);
    const text = await first.text();
    const events = new ICAL.Component(ICAL.parse(text) as unknown[]).getAllSubcomponents(
      'vevent',
    ).length;
    say(`${events} events parsed back by ical.js, ${(text.length / 1024).toFixed(0)} KiB`);
    const get = (url: string) => async () => {
      const response = await fetch(`${server?.url}${url}`);
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
      await response.arrayBuffer();
    };
    const feed = await timed(FEED_ROUNDS, get(feedPath));
    const health = await timed(FEED_ROUNDS, get('/api/health'));
    say(`GET the feed: ${text_(feed)}`);
    say(`baseline, GET /api/health on the same server: ${text_(health)}`);
    say(
      `target ≤ ${FEED_TARGET_MS} ms (p95): ${feed.p95 <= FEED_TARGET_MS && events === FEED_EVENTS ? 'met' : 'NOT met'}`,
    );
  } finally {
    await server?.stop();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

export async function benchIcsFeed() {
  console.log(
    `\n[ics-feed] a calendar of ${FEED_EVENTS} events, ${FEED_ROUNDS} fetches, load average ${os.loadavg()[0]?.toFixed(2)}`,
  );
  const only = process.env.BENCH_MY_TASKS_ONLY;
  if (only !== 'PostgreSQL') await runFeed('PGlite', undefined);
  if (only === 'PGlite') return;
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (databaseUrl) await withScratchDatabase(databaseUrl, (url) => runFeed('PostgreSQL', url));
  else console.log('[ics-feed] PostgreSQL not run (TEST_DATABASE_URL unset)');
}

export async function benchMyTasks() {
  console.log(
    `\n[my-tasks] ${CARDS} cards of one member in ${TEAMS} teams, ${ROUNDS} requests each, load average ${os.loadavg()[0]?.toFixed(2)}`,
  );
  const only = process.env.BENCH_MY_TASKS_ONLY;
  if (only !== 'PostgreSQL') await runEngine('PGlite', undefined);
  if (only === 'PGlite') return;
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (databaseUrl) {
    await withScratchDatabase(databaseUrl, (url) => runEngine('PostgreSQL', url));
  } else console.log('[my-tasks] PostgreSQL not run (TEST_DATABASE_URL unset)');
}
