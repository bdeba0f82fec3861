/**
 * `npm run bench -- class-contribution` (issue 45): a class of 60 teams of six with 100,000
 * recorded events over a semester, one member with 5,000 of them. Over HTTP on a real server
 * process (sources), PGlite and PostgreSQL: the member's contribution page (GET
 * /api/teams/{t}/contribution, the whole team life) and its messages' items, p95 (target ≤ 500
 * ms); the class CSV (GET /api/workspaces/{w}/contribution.csv, target ≤ 5 s) while a probe asks
 * GET /api/health every 10 ms (the event loop never held over 50 ms). Beside them, in the same
 * run, the page's statements on a bare database client (what the SQL costs without HTTP).
 *
 * Seeds in SQL before the server opens the database (bench/class-contribution.repo.ts).
 * BENCH_CLASS_TEAMS (60), BENCH_CLASS_EVENTS (100,000), BENCH_CLASS_MEMBER_EVENTS (5,000),
 * BENCH_CLASS_ROUNDS (100), BENCH_CLASS_CSV_ROUNDS (5), BENCH_CLASS_ONLY=PGlite|PostgreSQL.
 * A small run to check it works: BENCH_CLASS_TEAMS=4 BENCH_CLASS_EVENTS=2000
 * BENCH_CLASS_MEMBER_EVENTS=300 BENCH_CLASS_ROUNDS=10 BENCH_CLASS_CSV_ROUNDS=2.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { databaseOptionsFor, openDatabase } from '../apps/server/src/db/client';
import { teamNumbers } from '../apps/server/src/modules/contribution/contribution.repo';
import { startServer, type ServerProcess } from '../apps/server/test/server-process';
import { fillClass } from './class-contribution.repo';
import { withScratchDatabase } from './processes';
import { startStallProbe, window, windowText } from './stall-probe';
import { JWT_SECRET, percentile, seed } from './support';

const TEAMS = Number(process.env.BENCH_CLASS_TEAMS ?? 60);
const EVENTS = Number(process.env.BENCH_CLASS_EVENTS ?? 100_000);
const MEMBER_EVENTS = Number(process.env.BENCH_CLASS_MEMBER_EVENTS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_CLASS_ROUNDS ?? 100);
const CSV_ROUNDS = Number(process.env.BENCH_CLASS_CSV_ROUNDS ?? 5);
const WARM_UP = 5;
const PAGE_TARGET_MS = 500;
const CSV_TARGET_MS = 5000;
const STALL_MS = 50;

type Timing = { p50: number; p95: number; max: number };

async function timed(rounds: number, once: () => Promise<void>, warmUp = WARM_UP): Promise<Timing> {
  for (let i = 0; i < warmUp; i += 1) await once();
  const times: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times) };
}

const text = (t: Timing) =>
  `p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms, max ${t.max.toFixed(1)} ms`;

async function runEngine(engine: 'PGlite' | 'PostgreSQL', databaseUrl: string | undefined) {
  const say = (line: string) => console.log(`[class-contribution ${engine}] ${line}`);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-bench-class-'));
  const env: Record<string, string> = {
    DATA_DIR: tmp,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  let server: ServerProcess | undefined;
  try {
    const seeded = await seed(env, 1, {});
    let t0 = performance.now();
    const filled = await fillClass(env, seeded.workspaceId, TEAMS, EVENTS, MEMBER_EVENTS);
    say(
      `${TEAMS} teams x 6, ${filled.events} events (${MEMBER_EVENTS} of one member), filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
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
      if (response.status !== 200)
        throw new Error(`${url}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };
    const pageUrl = `/api/teams/${filled.teamId}/contribution`;
    const first = await fetch(`${server.url}${pageUrl}`, { headers });
    const body = (await first.json()) as {
      data: { members: { userId: number; messages: number; activeDays: number }[] };
    };
    const mine = body.data.members.find((member) => member.userId === filled.userId);
    say(`the member's row: ${JSON.stringify(mine)}`);
    const page = await timed(ROUNDS, get(pageUrl));
    const items = await timed(ROUNDS, get(`${pageUrl}/items?userId=${filled.userId}&kind=MESSAGE`));
    const csvUrl = `/api/workspaces/${seeded.workspaceId}/contribution.csv`;
    const csvText = await (await fetch(`${server.url}${csvUrl}`, { headers })).text();
    say(
      `class CSV: ${csvText.split('\r\n').length - 2} rows, ${(csvText.length / 1024).toFixed(0)} KiB`,
    );
    const probe = startStallProbe(server.url);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const csvFrom = performance.now();
    const csv = await timed(CSV_ROUNDS, get(csvUrl), 0);
    const csvTo = performance.now();
    const { probes, failed } = await probe.stop();
    const during = window(probes, csvFrom, csvTo, STALL_MS);
    await server.stop();
    server = undefined;

    // The baseline: the page's statements through the database client alone, same machine.
    const database = await openDatabase(
      databaseOptionsFor({ databaseUrl: env['DATABASE_URL'], dataDir: tmp }),
    );
    let bare: Timing;
    try {
      const now = new Date();
      const range = { start: new Date(now.getTime() - 140 * 86_400_000), end: now, now };
      bare = await timed(ROUNDS, async () => {
        await teamNumbers(database.db, filled.teamId, range);
      });
    } finally {
      await database.close();
    }
    say(`GET ${pageUrl} (the member's team, whole life): ${text(page)}`);
    say(`  the member's messages (items, days and counts): ${text(items)}`);
    say(`baseline, the page's statements on the bare client: ${text(bare)}`);
    say(`GET the class CSV: ${text(csv)}`);
    say(
      `probe (GET /api/health every 10 ms) during the CSVs: ${windowText(during)}; failed ${failed}`,
    );
    say(
      `targets: page p95 ≤ ${PAGE_TARGET_MS} ms ${Math.max(page.p95, items.p95) <= PAGE_TARGET_MS ? 'met' : 'NOT met'}; ` +
        `CSV ≤ ${CSV_TARGET_MS} ms ${csv.max <= CSV_TARGET_MS ? 'met' : 'NOT met'}; ` +
        `loop ≤ ${STALL_MS} ms ${during.max <= STALL_MS ? 'met' : 'NOT met'}`,
    );
  } finally {
    await server?.stop();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

export async function benchClassContribution() {
  console.log(
    `\n[class-contribution] ${TEAMS} teams x 6, ${EVENTS} events (${MEMBER_EVENTS} of one member), load average ${os.loadavg()[0]?.toFixed(2)}`,
  );
  const only = process.env.BENCH_CLASS_ONLY;
  if (only !== 'PostgreSQL') await runEngine('PGlite', undefined);
  if (only === 'PGlite') return;
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (databaseUrl) {
    await withScratchDatabase(databaseUrl, (url) => runEngine('PostgreSQL', url));
  } else console.log('[class-contribution] PostgreSQL not run (TEST_DATABASE_URL unset)');
}
