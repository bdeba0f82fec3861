/**
 * `npm run bench -- chat-scale` (issue 19): chat at the scale of a 1,000-member room, 1,000
 * people coming online, and a room of 100,000 messages, on the embedded PGlite and on PostgreSQL
 * (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, in a scratch database made and dropped
 * here). Each figure stands beside its small counterpart measured in the same run:
 *
 * 1. POST a message in a 1,000-member room whose members have read pointers and whose messages
 *    carry reactions, at 1, 4 and 16 concurrent senders, beside the same in a 2-member room and
 *    beside the bare INSERT of bench/bare-servers.ts; and opening the room (newest 100 messages,
 *    and the read pointers the client counts read counts from, decision 0019), 1,000 vs 2 members.
 * 2. Reaction toggles (PUT .../reactions) with live SSE subscribers in the 1,000-member room.
 * 3. Presence: 1,000 SSE connections of 1,000 people opening then closing, timed until a watcher
 *    has heard every PRESENCE_CHANGED; server CPU and RSS, and GET /api/health meanwhile.
 * 4. The first page (newest 100) and the older page (50 before the first page's oldest) of a room
 *    of 100,000 messages vs a room of 100 (rows bulk-inserted in SQL with generate_series).
 *
 * Part 3 lives in chat-scale/presence.ts, the SQL history of parts 1, 2 and 4 in
 * chat-scale/history.repo.ts, and how runs are measured and written in chat-scale/measure.ts.
 *
 * Prints its figures and a Markdown table; docs/performance.md records them by hand.
 * BENCH_QUICK=1: shorter rounds (while working on the bench).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServer, type ServerProcess } from '../apps/server/test/server-process';
import { HUGE, REACTED, ROOM_HISTORY, SMALL, fill } from './chat-scale/history.repo';
import {
  call,
  closedLoop,
  interleaved,
  ms,
  runText,
  type Row,
  type Run,
} from './chat-scale/measure';
import { CHURN, presence } from './chat-scale/presence';
import { startBare, withScratchDatabase, type Bare } from './processes';
import {
  JWT_SECRET,
  openEventStream,
  post,
  seed,
  sleep,
  type Seeded,
  type Subscriber,
} from './support';

const quick = process.env.BENCH_QUICK === '1';
/** Seconds of each closed-loop round (sends, reaction toggles). */
const ROUND_SECONDS = quick ? 1 : 3;
const SENDERS = [1, 4, 16];
const TOGGLERS = [1, 8];
/** Sequential requests per room for the open-room and page figures. */
const READS = quick ? 30 : 150;
const BIG = 1000;
const REACTION_SUBSCRIBERS = 200;

type EngineName = 'PGlite' | 'PostgreSQL';

// --- the parts ---------------------------------------------------------------------------------

const messagesUrl = (seeded: Seeded, room: string) =>
  `/api/workspaces/${seeded.workspaceId}/chat-rooms/${seeded.rooms[room] ?? 0}/messages`;

async function sends(
  server: ServerProcess,
  insert: Bare,
  seeded: Seeded,
  say: (line: string) => void,
): Promise<Row[]> {
  const rows: Row[] = [];
  const token = (i: number) => seeded.tokens[i] as string;
  const targets: Record<string, (worker: number, i: number) => Promise<void>> = {
    big: async (worker, i) => {
      await call(server.url, token(worker), 'POST', messagesUrl(seeded, 'big'), {
        content: `큰 방 메시지 ${worker}-${i}`,
      });
    },
    pair: async (worker, i) => {
      await call(server.url, token(worker % 2), 'POST', messagesUrl(seeded, 'pair'), {
        content: `둘의 방 메시지 ${worker}-${i}`,
      });
    },
    // The same client code against the bare INSERT (no auth there; the header is ignored).
    bare: async (worker, i) => {
      await call(insert.url, 'none', 'POST', '/api/messages', {
        content: `벤치마크 메시지 ${worker}-${i}`,
      });
    },
  };
  for (const op of Object.values(targets)) await closedLoop(4, 1, op); // warm-up
  for (const concurrency of SENDERS) {
    const runs: Record<string, Run> = {};
    for (const [name, op] of Object.entries(targets)) {
      runs[name] = await closedLoop(concurrency, ROUND_SECONDS, op);
      say(`send, ${concurrency} sender(s), ${name}: ${runText(runs[name])}`);
    }
    const big = runs['big'] as Run;
    const pair = runs['pair'] as Run;
    const bare = runs['bare'] as Run;
    rows.push({
      figure: `POST message, ${concurrency} concurrent sender${concurrency > 1 ? 's' : ''} (1,000-member room vs 2-member room; bare INSERT: ${runText(bare)})`,
      large: runText(big),
      small: runText(pair),
      ratio: `p99 ${(big.p99 / pair.p99).toFixed(2)}× the 2-member room; ${(big.rps / bare.rps).toFixed(2)}× the bare INSERT's req/s, p99 ${(big.p99 / bare.p99).toFixed(1)}× its p99`,
      target: '— (reference)',
    });
  }

  // Opening the room: the newest 100 messages (the web's first load) and the read pointers.
  const open = (room: string, what: 'messages' | 'pointers') => async () => {
    const url =
      what === 'messages'
        ? `${messagesUrl(seeded, room)}?sort=createdAt,desc&page=0&size=100`
        : `/api/workspaces/${seeded.workspaceId}/chat-rooms/${seeded.rooms[room] ?? 0}/read-pointers`;
    await call(server.url, token(0), 'GET', url);
  };
  const [bigPage, pairPage, bigPointers, pairPointers] = await interleaved(READS, [
    open('big', 'messages'),
    open('pair', 'messages'),
    open('big', 'pointers'),
    open('pair', 'pointers'),
  ]);
  for (const [label, large, small] of [
    ['open room: GET newest 100 messages', bigPage, pairPage],
    ['open room: GET read-pointers (read counts)', bigPointers, pairPointers],
  ] as const) {
    if (!large || !small) continue;
    say(`${label}: 1,000 members ${runText(large)}; 2 members ${runText(small)}`);
    rows.push({
      figure: `${label}, ${READS} sequential`,
      large: `p50 ${ms(large.p50)}, p95 ${ms(large.p95)}, p99 ${ms(large.p99)}`,
      small: `p50 ${ms(small.p50)}, p95 ${ms(small.p95)}, p99 ${ms(small.p99)}`,
      ratio: `p95 ${(large.p95 / small.p95).toFixed(2)}×`,
      target: '— (reference)',
    });
  }
  return rows;
}

async function reactions(
  server: ServerProcess,
  seeded: Seeded,
  say: (line: string) => void,
): Promise<Row[]> {
  const rows: Row[] = [];
  const roomUrl = messagesUrl(seeded, 'big');
  const page = (await call(
    server.url,
    seeded.tokens[0] as string,
    'GET',
    `${roomUrl}?sort=createdAt,desc&page=0&size=100`,
  )) as { content: Array<{ id: number }> };
  const ids = page.content.map((message) => message.id);
  let arrivals = 0;
  const subs: Subscriber[] = [];
  for (let i = 0; i < REACTION_SUBSCRIBERS; i += 1) {
    const { ticket } = (await post(
      server.url,
      seeded.tokens[i] as string,
      '/api/sse/register',
    )) as {
      ticket: string;
    };
    subs.push(
      await openEventStream(
        `${server.url}/api/sse/subscribe?ticket=${ticket}`,
        (block) => (block.includes('"CHAT_REACTIONS_CHANGED"') ? 1 : undefined),
        () => (arrivals += 1),
      ),
    );
  }
  await sleep(500);
  try {
    for (const concurrency of TOGGLERS) {
      // Worker w (user 200 + w, a member who is not subscribed) toggles ✅ on a message of its own.
      const user = (w: number) => seeded.tokens[REACTION_SUBSCRIBERS + w] as string;
      const url = (w: number) => `${roomUrl}/${ids[w % ids.length] ?? 0}/reactions`;
      // Off first, untimed: the seeded reactions may already hold one, and every timed toggle
      // must change something (and so be published).
      for (let w = 0; w < concurrency; w += 1) {
        await call(server.url, user(w), 'PUT', url(w), { emoji: '✅', reacted: false });
      }
      await sleep(300);
      const before = arrivals;
      const run = await closedLoop(concurrency, ROUND_SECONDS, async (w, i) => {
        await call(server.url, user(w), 'PUT', url(w), { emoji: '✅', reacted: i % 2 === 0 });
      });
      const expected = run.count * REACTION_SUBSCRIBERS;
      const deadline = Date.now() + 15_000;
      while (arrivals - before < expected && Date.now() < deadline) await sleep(20);
      const delivered = arrivals - before;
      say(
        `reaction toggles, ${concurrency} concurrent: ${runText(run)}; events delivered ${delivered}/${expected}`,
      );
      rows.push({
        figure: `PUT reaction toggle, ${concurrency} concurrent, ${REACTION_SUBSCRIBERS} live SSE subscribers in the 1,000-member room`,
        large: `${runText(run)}; ${delivered}/${expected} events delivered`,
        small: '—',
        ratio: '—',
        target: '— (reference)',
      });
    }
  } finally {
    for (const sub of subs) sub.close();
  }
  return rows;
}

async function pages(
  server: ServerProcess,
  seeded: Seeded,
  say: (line: string) => void,
): Promise<Row[]> {
  const token = seeded.tokens[0] as string;
  // What a room opens on (the web's first page).
  const first = (room: string) => `${messagesUrl(seeded, room)}?latest=true&size=100`;
  // A cursor with 50 older messages behind it in both rooms, so that both pages carry 50 (the
  // oldest of the small room's first page has none: its page came back empty).
  const cursorWith50Older = async (room: string) => {
    const page = (await call(server.url, token, 'GET', first(room))) as {
      content: Array<{ id: number }>;
    };
    const ids = page.content.map((message) => message.id).sort((a, b) => a - b);
    return room === 'small' ? (ids[50] ?? 0) : (ids[0] ?? 0);
  };
  const hugeBefore = await cursorWith50Older('huge');
  const smallBefore = await cursorWith50Older('small');
  const older = (room: string, beforeId: number) =>
    `${messagesUrl(seeded, room)}?beforeId=${beforeId}&size=50`;
  const get = (url: string) => async () => {
    await call(server.url, token, 'GET', url);
  };
  for (const url of [first('huge'), first('small')]) await get(url)(); // warm-up
  const [hugeFirst, smallFirst, hugeOlder, smallOlder] = await interleaved(READS, [
    get(first('huge')),
    get(first('small')),
    get(older('huge', hugeBefore)),
    get(older('small', smallBefore)),
  ]);
  const rows: Row[] = [];
  for (const [label, large, small] of [
    ['first page: GET ?latest=true&size=100', hugeFirst, smallFirst],
    ['older page: GET ?beforeId={a cursor with 50 older}&size=50', hugeOlder, smallOlder],
  ] as const) {
    if (!large || !small) continue;
    const ratio = large.p95 / small.p95;
    say(
      `${label}: ${HUGE} messages ${runText(large)}; ${SMALL} messages ${runText(small)}; p95 ${ratio.toFixed(2)}×`,
    );
    rows.push({
      figure: `${label}, ${READS} sequential (room of ${HUGE.toLocaleString('en')} vs ${SMALL} messages)`,
      large: `p50 ${ms(large.p50)}, p95 ${ms(large.p95)}, p99 ${ms(large.p99)}`,
      small: `p50 ${ms(small.p50)}, p95 ${ms(small.p95)}, p99 ${ms(small.p99)}`,
      ratio: `p95 ${ratio.toFixed(2)}×`,
      target: `p95 ≤ 1.20×: ${ratio <= 1.2 ? 'met' : '**NOT met**'}`,
    });
  }
  return rows;
}

// --- one engine --------------------------------------------------------------------------------

async function runEngine(engine: EngineName, databaseUrl: string | undefined) {
  const say = (line: string) => console.log(`[${engine}] ${line}`);
  const began = performance.now();
  const loadStart = os.loadavg()[0] ?? 0;
  let loadMax = loadStart;
  const loadTimer = setInterval(() => {
    loadMax = Math.max(loadMax, os.loadavg()[0] ?? 0);
  }, 5000);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-bench-chat-scale-'));
  const dataDir = path.join(tmp, 'product');
  await fs.mkdir(dataDir);
  const engineEnv: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  let server: ServerProcess | undefined;
  let insert: Bare | undefined;
  try {
    say(`seeding ${CHURN + 1} users, a workspace and four rooms through the services`);
    const seeded = await seed({ DATA_DIR: dataDir, ...engineEnv }, CHURN + 1, {
      big: BIG,
      pair: 2,
      huge: 2,
      small: 2,
    });
    say(
      `filling in SQL: ${ROOM_HISTORY} messages (${REACTED} with reactions) and read pointers in the 1,000- and 2-member rooms, ${HUGE} and ${SMALL} messages in two 2-member rooms`,
    );
    const t0 = performance.now();
    await fill({ DATA_DIR: dataDir, ...engineEnv }, seeded);
    say(`filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    server = await startServer({
      dataDir,
      logLevel: 'warn',
      readyTimeoutMs: 180_000,
      env: {
        ...engineEnv,
        NODE_ENV: 'production',
        JWT_SECRET,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '100000000',
      },
    });
    if (databaseUrl) insert = await startBare('insert', { DATABASE_URL: databaseUrl });
    else {
      const dir = path.join(tmp, 'insert');
      await fs.mkdir(dir);
      insert = await startBare('insert', { DATA_DIR: dir });
    }
    const rows: Row[] = [];
    const part = async (name: string, run: () => Promise<Row[]>) => {
      const at = performance.now();
      rows.push(...(await run()));
      say(`${name}: ${((performance.now() - at) / 1000).toFixed(0)} s`);
    };
    // BENCH_CHAT_SCALE_PARTS=4 (or 1,2): only those parts (while working on one of them).
    const chosen = process.env.BENCH_CHAT_SCALE_PARTS?.split(',');
    const runs = (number: string) => !chosen || chosen.includes(number);
    if (runs('1')) {
      await part('1 sends and opening', () =>
        sends(server as ServerProcess, insert as Bare, seeded, say),
      );
    }
    await insert.stop();
    insert = undefined;
    if (runs('4')) await part('4 pages', () => pages(server as ServerProcess, seeded, say));
    if (runs('2')) await part('2 reactions', () => reactions(server as ServerProcess, seeded, say));
    if (runs('3')) await part('3 presence', () => presence(server as ServerProcess, seeded, say));
    return {
      engine,
      rows,
      loadStart,
      loadEnd: os.loadavg()[0] ?? 0,
      loadMax,
      minutes: (performance.now() - began) / 60_000,
    };
  } finally {
    clearInterval(loadTimer);
    await insert?.stop();
    await server?.stop();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

export async function benchChatScale() {
  const started = new Date();
  const reports: Array<Awaited<ReturnType<typeof runEngine>>> = [];
  // BENCH_CHAT_SCALE_ONLY=PGlite or PostgreSQL: one engine (while working on the bench).
  const only = process.env.BENCH_CHAT_SCALE_ONLY;
  if (only !== 'PostgreSQL') reports.push(await runEngine('PGlite', undefined));
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (only === 'PGlite') console.log('chat-scale: PostgreSQL skipped (BENCH_CHAT_SCALE_ONLY)');
  else if (databaseUrl) {
    reports.push(await withScratchDatabase(databaseUrl, (url) => runEngine('PostgreSQL', url)));
  } else console.log('chat-scale: PostgreSQL not run (TEST_DATABASE_URL unset)');
  const lines = [
    `Run of ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, \`npm run bench -- chat-scale\`${quick ? ' (BENCH_QUICK=1)' : ''}.`,
    ...reports.map(
      (report) =>
        `${report.engine}: ${report.minutes.toFixed(1)} min, load average (1 min) ${report.loadStart.toFixed(2)} → ${report.loadEnd.toFixed(2)}, highest ${report.loadMax.toFixed(2)}.`,
    ),
    '',
    '| engine | figure | large (1,000 members / 100,000 messages) | small (2 members / 100 messages) | ratio | target |',
    '|---|---|---|---|---|---|',
    ...reports.flatMap((report) =>
      report.rows.map(
        (row) =>
          `| ${report.engine} | ${row.figure} | ${row.large} | ${row.small} | ${row.ratio} | ${row.target} |`,
      ),
    ),
  ];
  console.log(`\n${lines.join('\n')}\n`);
}
