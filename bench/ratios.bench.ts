/**
 * `npm run bench -- ratios`: every product figure beside a bare baseline measured in the same run,
 * on the same machine and the same engine (embedded PGlite always; PostgreSQL when
 * TEST_DATABASE_URL or BENCH_DATABASE_URL is set, in a scratch database made and dropped here).
 *
 * Baselines (bench/bare-servers.ts, each its own process): bare Fastify answering GET /api/health;
 * bare Fastify + the engine answering one primary-key SELECT of a users-like row ("bare SELECT")
 * and one INSERT of a chat-message-like row ("bare INSERT"); a minimal node:http SSE broadcaster,
 * in memory and durable (each message INSERTed first: what the live figures are held to);
 * bare Fastify + the engine idle after one query (memory). The product is the real server started
 * from its bundle, as `npm start` and the image run it (`node --enable-source-maps dist/main.mjs`,
 * NODE_ENV=production; built here first when its sources are newer); the baselines are bundled by
 * esbuild too and run by plain node, so neither side carries tsx's loader and transpiled sources.
 *
 * The table goes to stdout and between the bench:ratios markers of docs/performance.md.
 * BENCH_QUICK=1: one short round of everything, and docs/performance.md is left alone.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer, type ServerProcess } from '../apps/server/test/server-process';
import {
  block,
  metText,
  ratioRow,
  writeBlock,
  type EngineName,
  type EngineReport,
  type Row,
} from './ratios-report';
import {
  ensureProductBundle,
  rssAfterStart,
  sampledRss,
  startBare,
  withScratchDatabase,
  type Bare,
} from './processes';
import { LIVE, liveRows } from './ratios-live';
import { medianFigure, ms, rpsText, type Figure } from './request-figures';
import { JWT_SECRET, seed, sleep } from './support';

const quick = process.env.BENCH_QUICK === '1';
/** BENCH_RATIOS_LIVE_ONLY=1: only the live (SSE) figures, and docs/performance.md is left alone. */
const liveOnly = process.env.BENCH_RATIOS_LIVE_ONLY === '1';
const ROUNDS = quick ? 1 : 3;
const ROUND_SECONDS = quick ? 1 : 5;
const CONNECTIONS = 50;
/**
 * How long the product is left idle before its idle memory is read. V8's memory reducer shrinks
 * the heaps a start grew once the allocations have stopped for a while: about 20 s after the
 * start, the product went from 376 to 342 MiB and the bare process from 319 to 308 (session 19),
 * and nothing moved after that within 70 s.
 */
const IDLE_SECONDS = quick ? 5 : 45;
const BOARD = { lists: 5, tasksPerList: 20 };
const BARE_USERS = 5000;

// --- request figures (autocannon) ------------------------------------------------------------

async function cannon(options: autocannon.Options): Promise<Figure> {
  const result = await autocannon({
    connections: CONNECTIONS,
    duration: ROUND_SECONDS,
    ...options,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

// --- one engine --------------------------------------------------------------------------------

async function runEngine(engine: EngineName, databaseUrl: string | undefined) {
  const loadStart = os.loadavg()[0] ?? 0;
  let loadMax = loadStart;
  const loadTimer = setInterval(() => {
    loadMax = Math.max(loadMax, os.loadavg()[0] ?? 0);
  }, 5000);
  const began = performance.now();
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-bench-ratios-'));
  const dataDir = path.join(tmp, 'product');
  await fs.mkdir(dataDir);
  const engineEnv: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  /** Each PGlite baseline opens a database of its own (PGlite is one process's). */
  const bareEnv = async (name: string): Promise<Record<string, string>> => {
    if (databaseUrl) return { DATABASE_URL: databaseUrl };
    const dir = path.join(tmp, name);
    await fs.mkdir(dir);
    return { DATA_DIR: dir };
  };
  const bares: Bare[] = [];
  let server: ServerProcess | undefined;
  const say = (line: string) => console.log(`[${engine}] ${line}`);
  try {
    say('seeding 1,000 users, a workspace, rooms and a 5 × 20 board through the services');
    const seeded = await seed(
      { DATA_DIR: dataDir, ...engineEnv },
      LIVE.fanOutSubscribers,
      { big: LIVE.fanOutSubscribers, fifty: LIVE.members, post: 5 },
      { board: BOARD },
    );

    // Idle memory first, before anything has been loaded.
    // Started twice: the first start creates its database (the product's DATA_DIR already
    // holds one), the second opens it, as the product did.
    const idleEnv = await bareEnv('idle');
    await (await startBare('idle', idleEnv)).stop();
    const idleBare = await startBare('idle', idleEnv);
    bares.push(idleBare);
    await fetch(`${idleBare.url}/api/health`).then((response) => response.arrayBuffer());
    const bareEarly = await rssAfterStart(idleBare.pid);
    ensureProductBundle();
    server = await startServer({
      dataDir,
      entry: 'bundle',
      logLevel: 'warn',
      readyTimeoutMs: 180_000,
      // e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof': a profile of the product alone (as node's
      // own arguments: Node 20 refuses --cpu-prof in NODE_OPTIONS).
      nodeArgs: process.env.BENCH_PRODUCT_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
      env: {
        ...engineEnv,
        NODE_ENV: 'production',
        JWT_SECRET,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '100000000',
      },
    });
    const productStarted = performance.now();
    const productEarly = await rssAfterStart(server.pid);
    // The bare process, started before the product, has been idle longer still.
    await sleep(productStarted + IDLE_SECONDS * 1000 - performance.now());
    const [productIdle, bareIdle] = await Promise.all([
      sampledRss(server.pid, 5),
      sampledRss(idleBare.pid, 5),
    ]);
    await idleBare.stop();
    bares.splice(bares.indexOf(idleBare), 1);
    const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
    say(
      `RSS 3-5 s after start: product ${mib(productEarly)}, bare Fastify + ${engine} ${mib(bareEarly)}; ` +
        `after ${IDLE_SECONDS} s idle: ${mib(productIdle)}, ${mib(bareIdle)}`,
    );
    const bareName = `bare Fastify + ${engine === 'PGlite' ? 'PGlite' : 'pg'}`;
    const idleRatio = productIdle / bareIdle;
    const idleRows: Row[] = [
      {
        figure: 'RSS 3-5 s after start',
        product: mib(productEarly),
        productLatency: '—',
        baseline: `${bareName}: ${mib(bareEarly)}`,
        baselineLatency: '—',
        ratio: `${(productEarly / bareEarly).toFixed(2)}×`,
        target: '— (reference)',
        met: undefined,
      },
      {
        figure: `Idle RSS (${IDLE_SECONDS} s after start, nothing asked)`,
        product: mib(productIdle),
        productLatency: '—',
        baseline: `${bareName}: ${mib(bareIdle)}`,
        baselineLatency: '—',
        ratio: `${idleRatio.toFixed(2)}×`,
        target: engine === 'PGlite' ? '≤ 1.30×' : '— (target is for PGlite)',
        met: engine === 'PGlite' ? idleRatio <= 1.3 : undefined,
      },
    ];

    const health = await startBare('health', {});
    const select = await startBare('select', await bareEnv('select'));
    const insert = await startBare('insert', await bareEnv('insert'));
    bares.push(health, select, insert);
    const auth = { authorization: `Bearer ${seeded.tokens[0]}` };
    const postRoom = seeded.rooms['post'] ?? 0;
    const runs: Record<string, autocannon.Options> = {
      'bare health': { url: `${health.url}/api/health` },
      'product health': { url: `${server.url}/api/health` },
      'bare SELECT': { url: `${select.url}/api/users/${Math.ceil(BARE_USERS / 2)}` },
      'product users/me': { url: `${server.url}/api/users/me`, headers: auth },
      'product kanban': { url: `${server.url}/api/kanban/team/${seeded.teamId}`, headers: auth },
      'bare INSERT': {
        url: `${insert.url}/api/messages`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ content: '벤치마크 메시지' }),
      },
      'product chat message': {
        url: `${server.url}/api/workspaces/${seeded.workspaceId}/chat-rooms/${postRoom}/messages`,
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ content: '벤치마크 메시지' }),
      },
    };
    // Each answers correctly before it is timed (a 401 or 404 would be very fast).
    for (const [name, options] of Object.entries(runs)) {
      const response = await fetch(options.url, {
        method: options.method ?? 'GET',
        headers: options.headers as Record<string, string>,
        ...(options.body ? { body: options.body as string } : {}),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${name}: ${response.status} ${text}`);
    }
    if (!liveOnly) say('warm-up: 1 s of each');
    for (const options of liveOnly ? [] : Object.values(runs)) {
      await cannon({ ...options, duration: 1 });
    }
    const rounds: Record<string, Figure[]> = {};
    for (let round = 1; round <= (liveOnly ? 0 : ROUNDS); round += 1) {
      for (const [name, options] of Object.entries(runs)) {
        const figure = await cannon(options);
        (rounds[name] ??= []).push(figure);
        say(
          `round ${round} ${name.padEnd(22)} ${rpsText(figure).padStart(10)}  p50 ${ms(figure.p50)}  p99 ${ms(figure.p99)}`,
        );
      }
    }
    for (const bare of bares.splice(0)) await bare.stop();
    const fig = (name: string) => medianFigure(rounds[name] ?? []);
    const rows: Row[] = liveOnly
      ? idleRows
      : [
          ...idleRows,
          ratioRow(
            'GET /api/health',
            fig('product health'),
            fig('bare health'),
            'bare Fastify',
            undefined,
          ),
          ratioRow(
            'GET /api/users/me',
            fig('product users/me'),
            fig('bare SELECT'),
            'bare SELECT',
            0.5,
          ),
          ratioRow(
            `GET /api/kanban/team/{id} (${BOARD.lists} lists × ${BOARD.tasksPerList} tasks)`,
            fig('product kanban'),
            fig('bare SELECT'),
            'bare SELECT',
            0.3,
            100,
          ),
          ratioRow(
            'POST a chat message (5-member room)',
            fig('product chat message'),
            fig('bare INSERT'),
            'bare INSERT',
            0.35,
          ),
        ];

    rows.push(
      ...(await liveRows({
        server,
        seeded,
        databaseUrl,
        durableEnv: await bareEnv('durable'),
        say,
      })),
    );
    for (const row of rows) {
      say(
        `${row.figure}: ${row.product} (${row.productLatency}) vs ${row.baseline} (${row.baselineLatency}) → ${row.ratio}, ${metText(row.met)}`,
      );
    }
    return {
      engine,
      rows,
      loadStart,
      loadEnd: os.loadavg()[0] ?? 0,
      loadMax,
      minutes: (performance.now() - began) / 60_000,
    } satisfies EngineReport;
  } finally {
    clearInterval(loadTimer);
    for (const bare of bares) await bare.stop();
    await server?.stop();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

export async function benchRatios() {
  const started = new Date();
  const loadStart = os.loadavg()[0] ?? 0;
  const reports: EngineReport[] = [];
  const notes: string[] = [];
  // BENCH_RATIOS_ONLY=PGlite or PostgreSQL: one engine (while working on the bench).
  const only = process.env.BENCH_RATIOS_ONLY;
  if (only !== 'PostgreSQL') reports.push(await runEngine('PGlite', undefined));
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (only === 'PGlite') {
    console.log('ratios: PostgreSQL skipped (BENCH_RATIOS_ONLY=PGlite)');
  } else if (databaseUrl) {
    try {
      reports.push(await withScratchDatabase(databaseUrl, (url) => runEngine('PostgreSQL', url)));
    } catch (error) {
      // The PGlite figures are still worth writing; the failure is written beside them.
      console.error(error);
      notes.push(`PostgreSQL: the run failed (${String(error).split('\n')[0]}), no figures.`);
    }
  } else {
    notes.push('PostgreSQL: not run (TEST_DATABASE_URL unset).');
  }
  const minutes = (Date.now() - started.getTime()) / 60_000;
  const text = block(
    reports,
    { started, loadStart, minutes, notes },
    {
      connections: CONNECTIONS,
      roundSeconds: ROUND_SECONDS,
      rounds: ROUNDS,
      sseRounds: LIVE.rounds,
      sseWarmUpSeconds: LIVE.warmUpSeconds,
      rate: LIVE.rate,
      probe: LIVE.probe,
      idleSeconds: IDLE_SECONDS,
    },
  );
  console.log(`\n${text}\n`);
  if (quick || liveOnly) {
    console.log(
      `${quick ? 'BENCH_QUICK' : 'BENCH_RATIOS_LIVE_ONLY'}=1: docs/performance.md left alone`,
    );
  } else {
    await writeBlock(text);
    console.log('written to docs/performance.md');
  }
}
