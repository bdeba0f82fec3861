/**
 * `npm run bench -- push-fanout` (issue 43): one `<@all>` mention in a room of 1,001 (its owner
 * and 1,000 members), each member with a web push subscription (real P-256 keys) at a local push
 * endpoint (bench/push-endpoint.ts, which counts pushes per subscription): the time from the send
 * until every subscription has its push (the outbox waits CHAT_PUSH_DELAY_MS = 2 s for a room's
 * burst first, by design, inside that figure).
 *
 * Meanwhile a steady open-loop chat load (50 sends a second by one member in a 2-member room)
 * whose latencies are compared in the same run: a window without the mention before and after
 * (the baseline) and the window from the mention until every push arrived (at least as long as
 * the others). Product bundle; NODE_ENV=test, as PUSH_TEST_ALLOW_LOCAL_HTTP (posting to a local
 * http endpoint) is refused in production. PGlite, and PostgreSQL when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set (a scratch database). BENCH_PUSH_ONLY=PGlite|PostgreSQL,
 * BENCH_PUSH_MEMBERS (default 1,000), BENCH_PUSH_CPU_PROF.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServer, type ServerProcess } from '../apps/server/test/server-process';
import { ensureProductBundle, withScratchDatabase } from './processes';
import { startPushEndpoint, type Browser } from './push-endpoint';
import { JWT_SECRET, percentile, post, seed, sleep, threadCpuMeter } from './support';

const MEMBERS = Number(process.env.BENCH_PUSH_MEMBERS ?? 1000);
const SENDS_PER_SECOND = 50;
const WINDOW_MS = 12_000;
const GIVE_UP_MS = 60_000;

type Load = { at: number; ms: number }[];

/** Sends at a steady rate (not waiting for answers: an open loop), each send's latency kept. */
function startLoad(base: string, token: string, url: string) {
  const sends: Load = [];
  let failed = 0;
  let k = 0;
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const at = performance.now();
    k += 1;
    const sent = post(base, token, url, { content: `부하 메시지 ${k}: 오늘 회의 자료 공유합니다` })
      .then(
        () => void sends.push({ at, ms: performance.now() - at }),
        () => void (failed += 1),
      )
      .finally(() => inFlight.delete(sent));
    inFlight.add(sent);
  }, 1000 / SENDS_PER_SECOND);
  return {
    sends,
    failed: () => failed,
    stop: async () => {
      clearInterval(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}

function loadText(sends: Load, from: number, to: number) {
  const ms = sends.filter((s) => s.at >= from && s.at < to).map((s) => s.ms);
  return {
    count: ms.length,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    max: ms.length > 0 ? Math.max(...ms) : 0,
    text: `${ms.length} sends, p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms, max ${(ms.length > 0 ? Math.max(...ms) : 0).toFixed(1)} ms`,
  };
}

/** The slowest send of each second from `from` to `to`: when in the fan-out the sends wait. */
function secondsText(sends: Load, from: number, to: number) {
  const slowest: number[] = [];
  for (const s of sends) {
    if (s.at < from || s.at >= to) continue;
    const k = Math.floor((s.at - from) / 1000);
    slowest[k] = Math.max(slowest[k] ?? 0, s.ms);
  }
  return Array.from(slowest, (ms) => (ms ?? 0).toFixed(0)).join(', ');
}

/** Pushes arrived in each second from `from`. */
function arrivalsText(times: number[], from: number) {
  const counts: number[] = [];
  for (const at of times) {
    const k = Math.floor((at - from) / 1000);
    if (k >= 0) counts[k] = (counts[k] ?? 0) + 1;
  }
  return Array.from(counts, (n) => n ?? 0).join(', ');
}

async function runEngine(engine: 'PGlite' | 'PostgreSQL', databaseUrl: string | undefined) {
  const say = (line: string) => console.log(`[push-fanout ${engine}] ${line}`);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-bench-push-'));
  const engineEnv: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const endpoint = await startPushEndpoint();
  let server: ServerProcess | undefined;
  try {
    let t0 = performance.now();
    const seeded = await seed({ DATA_DIR: tmp, ...engineEnv }, MEMBERS + 1, {
      big: MEMBERS + 1,
      pair: 2,
    });
    say(`seeded ${MEMBERS + 1} users in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    server = await startServer({
      dataDir: tmp,
      entry: 'bundle',
      readyTimeoutMs: 180_000,
      // BENCH_PUSH_CPU_PROF=<dir>: a CPU profile of the server, written when it stops.
      ...(process.env.BENCH_PUSH_CPU_PROF
        ? { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PUSH_CPU_PROF] }
        : {}),
      env: {
        ...engineEnv,
        NODE_ENV: 'test',
        JWT_SECRET,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '100000000',
        PUSH_TEST_ALLOW_LOCAL_HTTP: 'true',
      },
    });
    const base = server.url;
    // Each member (not the owner, who mentions) subscribes one browser, 8 at a time.
    t0 = performance.now();
    const browsers: Browser[] = [];
    let next = 1;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next <= MEMBERS) {
          const i = next;
          next += 1;
          const browser = endpoint.browser();
          browsers.push(browser);
          await post(base, seeded.tokens[i] as string, '/api/push/subscriptions', {
            endpoint: browser.endpoint,
            keys: browser.keys,
          });
        }
      }),
    );
    say(`${browsers.length} subscriptions in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const roomUrl = (room: string) =>
      `/api/workspaces/${seeded.workspaceId}/chat-rooms/${seeded.rooms[room] ?? 0}/messages`;
    // The load: member 1 in the 2-member room (its notices go to the owner, who has no device).
    const load = startLoad(base, seeded.tokens[1] as string, roomUrl('pair'));
    await sleep(3000); // warm-up, not counted
    const beforeFrom = performance.now();
    await sleep(WINDOW_MS);
    const mentionAt = performance.now();
    const cpu = await threadCpuMeter(server.pid);
    await post(base, seeded.tokens[0] as string, roomUrl('big'), {
      content: '<@all> 10분 뒤 전체 회의 시작합니다',
    });
    const mentionMs = performance.now() - mentionAt;
    const allArrived = () => browsers.every((b) => endpoint.arrivals.has(b.name));
    while (!allArrived() && performance.now() - mentionAt < GIVE_UP_MS) await sleep(10);
    const lastPush = Math.max(
      ...browsers
        .map((b) => endpoint.arrivals.get(b.name)?.[0] ?? Number.NaN)
        .filter(Number.isFinite),
    );
    const threads = await cpu(Math.max(1, endpoint.arrivals.size));
    const mentionTo = Math.max(lastPush, mentionAt + WINDOW_MS);
    await sleep(Math.max(0, mentionTo - performance.now()));
    const afterFrom = performance.now();
    await sleep(WINDOW_MS);
    const afterTo = performance.now();
    await load.stop();

    const got = browsers.filter((b) => endpoint.arrivals.has(b.name)).length;
    const extra = browsers.reduce(
      (sum, b) => sum + Math.max(0, (endpoint.arrivals.get(b.name)?.length ?? 0) - 1),
      0,
    );
    const firstPush = Math.min(
      ...browsers
        .map((b) => endpoint.arrivals.get(b.name)?.[0] ?? Number.NaN)
        .filter(Number.isFinite),
    );
    // A sample of the pushes decrypted with the browsers' keys: they are the mention.
    const sample = browsers.slice(0, 3).map((b) => {
      const body = endpoint.firstBodies.get(b.name);
      return body ? (b.open(body) as { kind?: string }).kind : 'none';
    });
    const seconds = (lastPush - mentionAt) / 1000;
    say(
      `mention POST ${mentionMs.toFixed(0)} ms; pushes: ${got}/${browsers.length} subscriptions, first ${((firstPush - mentionAt) / 1000).toFixed(2)} s, last ${seconds.toFixed(2)} s after the send (CHAT_PUSH_DELAY_MS 2 s inside); ${extra} extra, ${endpoint.refused.length} refused; sample decrypted: ${sample.join(', ')}; target ≤ 10 s: ${got === browsers.length && seconds <= 10 ? 'met' : 'NOT met'}`,
    );
    say(`server CPU per push (ms, by thread): ${threads}`);
    const before = loadText(load.sends, beforeFrom, mentionAt);
    const during = loadText(load.sends, mentionAt, mentionTo);
    const after = loadText(load.sends, afterFrom, afterTo);
    const baseline = loadText(
      load.sends.filter((s) => s.at < mentionAt || s.at >= afterFrom),
      beforeFrom,
      afterTo,
    );
    const ratio = during.p99 / baseline.p99;
    say(`chat load ${SENDS_PER_SECOND}/s, before (no mention): ${before.text}`);
    say(`chat load during the fan-out: ${during.text}`);
    say(
      `slowest send of each second from the mention (ms): ${secondsText(load.sends, mentionAt, mentionTo)}`,
    );
    say(
      `pushes arrived in each second from the mention: ${arrivalsText([...endpoint.arrivals.values()].flat(), mentionAt)}`,
    );
    say(`chat load after (no mention): ${after.text}; failed sends ${load.failed()}`);
    say(
      `p99 during / p99 without (before and after pooled, ${baseline.p99.toFixed(1)} ms): ${ratio.toFixed(2)}×; target ≤ 1.2×: ${ratio <= 1.2 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await server?.stop();
    await endpoint.close();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

export async function benchPushFanout() {
  console.log(
    `\n[push-fanout] one <@all> mention to ${MEMBERS} push subscriptions under a ${SENDS_PER_SECOND}/s chat load, product bundle, load average ${os.loadavg()[0]?.toFixed(2)}`,
  );
  ensureProductBundle();
  const only = process.env.BENCH_PUSH_ONLY;
  if (only !== 'PostgreSQL') await runEngine('PGlite', undefined);
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (only === 'PGlite') return;
  if (databaseUrl) {
    await withScratchDatabase(databaseUrl, (url) => runEngine('PostgreSQL', url));
  } else console.log('[push-fanout] PostgreSQL not run (TEST_DATABASE_URL unset)');
}
