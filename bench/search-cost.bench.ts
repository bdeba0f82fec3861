/**
 * `npm run bench -- search-cost`: the adversarial search of issue 39 (decision 0033), on the
 * embedded database (PGlite) and on PostgreSQL (TEST_DATABASE_URL or BENCH_DATABASE_URL: a
 * scratch database made and dropped here).
 *
 * Per engine: one member fills a room with 2,000 long messages (about 4,000 characters each)
 * that all hold two words, never side by side, and searches for the two words. Figures:
 *
 * - the cheap request of another user (GET /api/users/me) idle: p50 / p99 of 200 in a row;
 * - the adversarial search alone: p50 / p95 of 20 in a row (target p95 ≤ 300 ms);
 * - the cheap request again while three such searches run at once, each searcher asking again
 *   as soon as it is answered (target: p99 ≤ 2 × the idle p99).
 *
 * BENCH_SEARCH_COST_ONLY=PGlite or PostgreSQL: one engine.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { startServer, type ServerProcess } from '../apps/server/test/server-process';
import { withScratchDatabase } from './processes';
import { firstMemberOf, insertMessages } from './search-cost.repo';
import { analyzeAll } from './search.repo';
import { JWT_SECRET, percentile, seed } from './support';

const MESSAGES = 2000;
const IDLE_REQUESTS = 200;
const SEARCHES = 20;
const SEARCHERS = 3;
const UNDER_LOAD_REQUESTS = 200;
const QUERY = '별빛무리 바다풍경';

type EngineName = 'PGlite' | 'PostgreSQL';
type Figures = { p50: number; p95: number; p99: number; max: number; count: number };

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** GET `url` with a bearer token; answers the time taken and the body. */
function get(url: string, token: string): Promise<{ ms: number; body: string }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          if ((response.statusCode ?? 0) >= 300) {
            reject(new Error(`${url}: ${response.statusCode} ${body.slice(0, 300)}`));
          } else resolve({ ms: performance.now() - t0, body });
        });
      },
    );
    request.on('error', reject);
  });
}

const figures = (values: number[]): Figures => ({
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  p99: percentile(values, 99),
  max: Math.max(...values),
  count: values.length,
});

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;

/** The long text: ~4,000 characters, the two words far apart. */
function longText(n: number) {
  return `바다풍경 ${'가나다라마바사 아자차카 타파하 '.repeat(115)} ${n} ${'거너더러 머버서 어저처 '.repeat(110)} 별빛무리`;
}

type EngineReport = {
  engine: EngineName;
  idle: Figures;
  search: Figures;
  underLoad: Figures;
  searchesDuringLoad: number;
  partial: boolean;
  load: [number, number];
};

async function runEngine(engine: EngineName, databaseUrl: string | undefined) {
  const loadStart = os.loadavg()[0] ?? 0;
  const say = (line: string) => console.log(`[search-cost ${engine}] ${line}`);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-bench-search-cost-'));
  const env: Record<string, string> = databaseUrl
    ? { DATA_DIR: dataDir, DATABASE_URL: databaseUrl }
    : { DATA_DIR: dataDir };
  let server: ServerProcess | undefined;
  try {
    const seeded = await seed(env, 2, { 긴글방: 2 });
    const roomId = seeded.rooms['긴글방'] ?? 0;
    const [attacker = '', other = ''] = seeded.tokens;
    say(`writing ${MESSAGES} messages of about 4,000 characters`);
    const t0 = performance.now();
    const config = loadConfig({ ...env, LOG_LEVEL: 'silent', JWT_SECRET });
    const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
    try {
      const db = app.context.database.db;
      const owner = await firstMemberOf(db, roomId);
      for (let n = 0; n < MESSAGES; n += 100) {
        const texts = Array.from({ length: 100 }, (_, k) => longText(n + k));
        await insertMessages(db, roomId, owner, texts);
      }
      // Statistics of every table, as in production: the search joins room membership.
      await analyzeAll(db);
    } finally {
      await app.close();
    }
    say(`written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    server = await startServer({
      dataDir,
      logLevel: 'warn',
      readyTimeoutMs: 300_000,
      env: {
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        NODE_ENV: 'production',
        JWT_SECRET,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '100000000',
      },
    });
    const me = `${server.url}/api/users/me`;
    const searchUrl = `${server.url}/api/workspaces/${seeded.workspaceId}/search?q=${encodeURIComponent(QUERY)}`;

    // Warm both up (plans, caches).
    for (let i = 0; i < 20; i += 1) await get(me, other);
    const first = JSON.parse((await get(searchUrl, attacker)).body) as {
      data: { partial: boolean; total: number };
    };
    await get(searchUrl, attacker);
    say(`the search answers ${first.data.total} results, partial: ${first.data.partial}`);

    const idleTimes: number[] = [];
    for (let i = 0; i < IDLE_REQUESTS; i += 1) idleTimes.push((await get(me, other)).ms);
    const idle = figures(idleTimes);
    say(`idle GET /users/me: p50 ${ms(idle.p50)} p99 ${ms(idle.p99)} max ${ms(idle.max)}`);

    const searchTimes: number[] = [];
    for (let i = 0; i < SEARCHES; i += 1) searchTimes.push((await get(searchUrl, attacker)).ms);
    const search = figures(searchTimes);
    say(
      `adversarial search alone: p50 ${ms(search.p50)} p95 ${ms(search.p95)} max ${ms(search.max)}`,
    );

    let stop = false;
    let searches = 0;
    const searchers = Array.from({ length: SEARCHERS }, async () => {
      while (!stop) {
        await get(searchUrl, attacker);
        searches += 1;
      }
    });
    // Let the three be under way first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const loadTimes: number[] = [];
    for (let i = 0; i < UNDER_LOAD_REQUESTS; i += 1) loadTimes.push((await get(me, other)).ms);
    stop = true;
    await Promise.all(searchers);
    const underLoad = figures(loadTimes);
    say(
      `GET /users/me during ${SEARCHERS} searches at once: p50 ${ms(underLoad.p50)} p99 ${ms(underLoad.p99)} max ${ms(underLoad.max)} (${searches} searches meanwhile)`,
    );
    const report: EngineReport = {
      engine,
      idle,
      search,
      underLoad,
      searchesDuringLoad: searches,
      partial: first.data.partial,
      load: [loadStart, os.loadavg()[0] ?? 0],
    };
    return report;
  } finally {
    await server?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchSearchCost() {
  const reports: EngineReport[] = [];
  const only = process.env.BENCH_SEARCH_COST_ONLY;
  if (only !== 'PostgreSQL') reports.push(await runEngine('PGlite', undefined));
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (only === 'PGlite') console.log('search-cost: PostgreSQL skipped');
  else if (!databaseUrl) console.log('search-cost: PostgreSQL not run (TEST_DATABASE_URL unset)');
  else reports.push(await withScratchDatabase(databaseUrl, (url) => runEngine('PostgreSQL', url)));

  console.log(
    '\n| engine | adversarial search p50 / p95 (target p95 ≤ 300 ms) | /users/me idle p50 / p99 | during 3 searches p50 / p99 (target p99 ≤ 2 × idle p99) | partial | load (1 min) |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const r of reports) {
    console.log(
      `| ${r.engine} | ${ms(r.search.p50)} / ${ms(r.search.p95)} ${r.search.p95 <= 300 ? 'met' : '**NOT met**'} | ${ms(r.idle.p50)} / ${ms(r.idle.p99)} | ${ms(r.underLoad.p50)} / ${ms(r.underLoad.p99)} (${(r.underLoad.p99 / r.idle.p99).toFixed(2)}×, ${r.searchesDuringLoad} searches) ${r.underLoad.p99 <= 2 * r.idle.p99 ? 'met' : '**NOT met**'} | ${r.partial} | ${r.load[0].toFixed(1)} → ${r.load[1].toFixed(1)} |`,
    );
  }
}
