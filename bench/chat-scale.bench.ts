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
 * Prints its figures and a Markdown table; docs/performance.md records them by hand.
 * BENCH_QUICK=1: shorter rounds (while working on the bench).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CHAT_REACTIONS } from '@teamup/contracts/chat';
import { sql } from 'drizzle-orm';
import { openDatabase, databaseOptionsFor } from '../apps/server/src/db/client';
import { startServer, type ServerProcess } from '../apps/server/test/server-process';
import { startBare, withScratchDatabase, type Bare } from './processes';
import { healthProbe } from './request-figures';
import {
  JWT_SECRET,
  openEventStream,
  percentile,
  post,
  rssOf,
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
/** Messages already in the 1,000-member and the 2-member rooms, and how many carry reactions. */
const ROOM_HISTORY = 1000;
const REACTED = 200;
const REACTION_SUBSCRIBERS = 200;
/** People coming online (each with one SSE connection), besides the watcher. */
const CHURN = 1000;
const CHURN_PARALLEL = 50;
const HUGE = 100_000;
const SMALL = 100;
const PROBE = { connections: 2, rate: 100 };

type EngineName = 'PGlite' | 'PostgreSQL';

// --- measuring ---------------------------------------------------------------------------------

type Run = { count: number; failed: number; rps: number; p50: number; p95: number; p99: number };

function summarise(latencies: number[], failed: number, seconds: number): Run {
  return {
    count: latencies.length,
    failed,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

/**
 * `concurrency` workers, each calling `op(worker, i)` back to back for `seconds` (a closed loop:
 * throughput is what the target sustains at that concurrency, latency is per call).
 */
async function closedLoop(
  concurrency: number,
  seconds: number,
  op: (worker: number, i: number) => Promise<void>,
): Promise<Run> {
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = 0; performance.now() < end; i += 1) {
        const t0 = performance.now();
        try {
          await op(worker, i);
          latencies.push(performance.now() - t0);
        } catch {
          failed += 1;
        }
      }
    }),
  );
  return summarise(latencies, failed, (performance.now() - started) / 1000);
}

/** `reads` calls of each op, interleaved (a, b, a, b …) so drift in the machine hits both alike. */
async function interleaved(reads: number, ops: Array<() => Promise<void>>): Promise<Run[]> {
  const latencies = ops.map(() => [] as number[]);
  const failed = ops.map(() => 0);
  const spent = ops.map(() => 0);
  for (let i = 0; i < reads; i += 1) {
    for (const [k, op] of ops.entries()) {
      const t0 = performance.now();
      try {
        await op();
        (latencies[k] as number[]).push(performance.now() - t0);
      } catch {
        failed[k] = (failed[k] ?? 0) + 1;
      }
      spent[k] = (spent[k] ?? 0) + performance.now() - t0;
    }
  }
  return ops.map((_, k) =>
    summarise(latencies[k] as number[], failed[k] ?? 0, (spent[k] ?? 1) / 1000),
  );
}

async function call(
  base: string,
  token: string,
  method: string,
  url: string,
  body?: object,
): Promise<unknown> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} ${response.status} ${text.slice(0, 200)}`);
  return text.length > 0 ? (JSON.parse(text) as { data: unknown }).data : undefined;
}

/** CPU seconds (user + system) the process has used so far (Linux /proc). */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Samples a process's RSS every 250 ms until stopped; answers the highest seen. */
function rssPeak(pid: number) {
  let peak = 0;
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      peak = Math.max(peak, await rssOf(pid));
      await sleep(250);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
      return peak;
    },
  };
}

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const runText = (run: Run) =>
  `${run.rps.toFixed(0)}/s, p50 ${ms(run.p50)}, p95 ${ms(run.p95)}, p99 ${ms(run.p99)}${run.failed > 0 ? `, ${run.failed} failed` : ''}`;

// --- data --------------------------------------------------------------------------------------

/**
 * Writes what the services would take minutes to: message history, reactions and read pointers,
 * and the 100,000-message room, straight in SQL (before the server opens PGlite, which is one
 * process's). VACUUM ANALYZE afterwards, as autovacuum would have done on a real database long
 * before anyone scrolled.
 */
async function fill(env: Record<string, string>, seeded: Seeded) {
  const config = { databaseUrl: env['DATABASE_URL'], dataDir: env['DATA_DIR'] as string };
  const database = await openDatabase(databaseOptionsFor(config));
  const db = database.db;
  const emoji = `ARRAY[${CHAT_REACTIONS.map((e) => `'${e}'`).join(',')}]`;
  const room = (name: string) => seeded.rooms[name] ?? 0;
  try {
    for (const name of ['big', 'pair']) {
      const roomId = room(name);
      // Senders spread over the members; one minute apart, ending now.
      await db.execute(
        sql.raw(`INSERT INTO chat_messages (room_id, sender_id, content, created_at)
          SELECT ${roomId}, m.ids[1 + (g % cardinality(m.ids))], '지난 메시지 ' || g,
            now() - interval '1 minute' * (${ROOM_HISTORY} - g)
          FROM generate_series(1, ${ROOM_HISTORY}) AS g,
            (SELECT array_agg(user_id ORDER BY user_id) AS ids FROM chat_room_members
              WHERE room_id = ${roomId}) AS m`),
      );
      // The newest REACTED messages: 1 to 20 reactions each, by different members.
      await db.execute(
        sql.raw(`INSERT INTO chat_message_reactions (message_id, user_id, emoji)
          SELECT msg.id, m.ids[1 + ((msg.id + u) % cardinality(m.ids))], (${emoji})[1 + (u % 7)]
          FROM (SELECT id FROM chat_messages WHERE room_id = ${roomId}
                ORDER BY id DESC LIMIT ${REACTED}) AS msg,
            generate_series(0, 19) AS u,
            (SELECT array_agg(user_id ORDER BY user_id) AS ids FROM chat_room_members
              WHERE room_id = ${roomId}) AS m
          WHERE u < 1 + (msg.id % 20)
          ON CONFLICT DO NOTHING`),
      );
      // Read pointers: 30 % read the last few messages, 40 % stopped somewhere in the last 800,
      // 30 % never opened the room (null) — only in the big room; both members of the pair read.
      await db.execute(
        sql.raw(`UPDATE chat_room_members AS c SET last_read_message_id = CASE
            WHEN '${name}' = 'pair' OR c.user_id % 10 < 3 THEN top.id - (c.user_id % 5)
            WHEN c.user_id % 10 < 7 THEN top.id - 100 - (c.user_id % 700)
            ELSE NULL END
          FROM (SELECT max(id) AS id FROM chat_messages WHERE room_id = ${roomId}) AS top
          WHERE c.room_id = ${roomId}`),
      );
    }
    for (const [name, count] of [
      ['huge', HUGE],
      ['small', SMALL],
    ] as const) {
      const roomId = room(name);
      await db.execute(
        sql.raw(`INSERT INTO chat_messages (room_id, sender_id, content, created_at)
          SELECT ${roomId}, m.ids[1 + (g % cardinality(m.ids))],
            '메시지 ' || g || ': 스크롤 벤치마크용 본문입니다.',
            now() - interval '1 second' * (${count} - g)
          FROM generate_series(1, ${count}) AS g,
            (SELECT array_agg(user_id ORDER BY user_id) AS ids FROM chat_room_members
              WHERE room_id = ${roomId}) AS m`),
      );
      // A few reactions on the newest 200, the same in both rooms.
      await db.execute(
        sql.raw(`INSERT INTO chat_message_reactions (message_id, user_id, emoji)
          SELECT msg.id, m.ids[1 + (msg.id % cardinality(m.ids))], (${emoji})[1 + (msg.id % 7)]
          FROM (SELECT id FROM chat_messages WHERE room_id = ${roomId}
                ORDER BY id DESC LIMIT 200) AS msg,
            (SELECT array_agg(user_id ORDER BY user_id) AS ids FROM chat_room_members
              WHERE room_id = ${roomId}) AS m
          ON CONFLICT DO NOTHING`),
      );
    }
    await db.execute(sql.raw('VACUUM ANALYZE'));
  } finally {
    await database.close();
  }
}

// --- the parts ---------------------------------------------------------------------------------

type Row = { figure: string; large: string; small: string; ratio: string; target: string };

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

const presenceChanged = /"type":"PRESENCE_CHANGED"/;

/** The changes a PRESENCE_CHANGED block carries (several people's, since they are gathered). */
function presenceChangesIn(block: string): Array<{ userId: number; status: string }> {
  if (!presenceChanged.test(block)) return [];
  const data = block.split('\n').find((line) => line.startsWith('data: '));
  if (!data) return [];
  const event = JSON.parse(data.slice('data: '.length)) as {
    changes?: Array<{ userId: number; status: string }>;
  };
  return event.changes ?? [];
}

async function presence(
  server: ServerProcess,
  seeded: Seeded,
  say: (line: string) => void,
): Promise<Row[]> {
  // The watcher is user 0; the people coming and going are users 1…CHURN.
  const online = new Set<number>();
  const offline = new Set<number>();
  /** PRESENCE_CHANGED events the watcher read (each may tell several people). */
  let events = 0;
  const { ticket } = (await post(server.url, seeded.tokens[0] as string, '/api/sse/register')) as {
    ticket: string;
  };
  const watcher = await openEventStream(
    `${server.url}/api/sse/subscribe?ticket=${ticket}`,
    (block) => {
      const changes = presenceChangesIn(block);
      for (const change of changes) {
        if (change.status === 'OFFLINE') offline.add(change.userId);
        else online.add(change.userId);
      }
      return changes.length > 0 ? changes.length : undefined;
    },
    () => {
      events += 1;
    },
  );
  await sleep(1000);
  // The same probe with nothing else going on (after the watcher's own ONLINE and whatever was
  // still settling from the earlier parts): the figure the churn's probes stand beside.
  const calm = await healthProbe(`${server.url}/api/health`, 3, PROBE);
  say(`presence: GET /api/health before the churn: p50 ${ms(calm.p50)}, p99 ${ms(calm.p99)}`);
  online.clear();
  offline.clear();
  events = 0;

  const phase = async (
    label: string,
    act: () => Promise<void>,
    done: () => boolean,
    probeSeconds: number,
  ) => {
    const cpu0 = await cpuSeconds(server.pid);
    // The bench's own CPU too: its SSE readers parse every event, and on two shared cores a busy
    // client slows what it measures.
    const client0 = process.cpuUsage();
    const rss0 = await rssOf(server.pid);
    const peak = rssPeak(server.pid);
    const probe = healthProbe(`${server.url}/api/health`, probeSeconds, PROBE);
    probe.catch(() => undefined); // awaited below
    const t0 = performance.now();
    await act();
    const acted = performance.now() - t0;
    const deadline = Date.now() + 90_000;
    while (!done() && Date.now() < deadline) await sleep(5);
    const heard = performance.now() - t0;
    const cpu = (await cpuSeconds(server.pid)) - cpu0;
    const clientUsage = process.cpuUsage(client0);
    const client = (clientUsage.user + clientUsage.system) / 1e6;
    const rssMax = await peak.stop();
    const health = await probe;
    say(
      `presence ${label}: actions done in ${ms(acted)}, all heard by the watcher after ${ms(heard)} (${done() ? 'complete' : 'INCOMPLETE'}); server CPU ${cpu.toFixed(1)} s (${((cpu / heard) * 100000).toFixed(0)} % of one core); bench client CPU ${client.toFixed(1)} s; RSS ${mib(rss0)} → peak ${mib(rssMax)}; health ${health.rps.toFixed(0)} req/s p50 ${ms(health.p50)} p99 ${ms(health.p99)}${health.bad > 0 ? ` (${health.bad} failed)` : ''}`,
    );
    return { acted, heard, cpu, client, rss0, rssMax, health, complete: done() };
  };

  const subs: Subscriber[] = [];
  /** Per stream: ticket and stream open (the stream answers once it listens to its topics). */
  const opening: number[] = [];
  let churnerEvents = 0;
  const tokens = seeded.tokens.slice(1, CHURN + 1);
  const up = await phase(
    `${CHURN} coming online`,
    async () => {
      // CHURN_PARALLEL at a time: ticket, then the stream (as many tabs opening at once).
      let next = 0;
      await Promise.all(
        Array.from({ length: CHURN_PARALLEL }, async () => {
          while (next < tokens.length) {
            const token = tokens[next] as string;
            next += 1;
            const t0 = performance.now();
            const { ticket: own } = (await post(server.url, token, '/api/sse/register')) as {
              ticket: string;
            };
            // Every member's stream hears the workspace's presence: counted, to show the fan-out.
            subs.push(
              await openEventStream(
                `${server.url}/api/sse/subscribe?ticket=${own}`,
                (block) => (presenceChanged.test(block) ? 1 : undefined),
                () => (churnerEvents += 1),
              ),
            );
            opening.push(performance.now() - t0);
          }
        }),
      );
    },
    () => online.size >= CHURN,
    15,
  );
  const upEvents = events;
  const upChurnerEvents = churnerEvents;
  say(
    `presence: opening one stream (ticket + subscribe), ${CHURN_PARALLEL} at a time: p50 ${ms(percentile(opening, 50))}, p99 ${ms(percentile(opening, 99))}; PRESENCE_CHANGED events read by the ${CHURN} streams: ${upChurnerEvents}`,
  );
  await sleep(2000);
  const down = await phase(
    `${CHURN} going offline`,
    async () => {
      for (const sub of subs) sub.close();
    },
    () => offline.size >= CHURN,
    10,
  );
  watcher.close();
  const row = (label: string, result: Awaited<ReturnType<typeof phase>>, extra: string): Row => ({
    figure: label,
    large: `${result.complete ? 'all' : 'NOT all'} heard after ${(result.heard / 1000).toFixed(2)} s (${extra}); server CPU ${result.cpu.toFixed(1)} s = ${((result.cpu / result.heard) * 100000).toFixed(0)} % of a core (bench client ${result.client.toFixed(1)} s); RSS ${mib(result.rss0)} → peak ${mib(result.rssMax)}; GET /api/health at ${PROBE.rate}/s: p50 ${ms(result.health.p50)}, p99 ${ms(result.health.p99)}${result.health.bad > 0 ? `, ${result.health.bad} failed` : ''}`,
    small: '—',
    ratio: '—',
    target: `— (reference; health p99 before the churn ${ms(calm.p99)}, the ratios bench's target under load: < 20 ms)`,
  });
  return [
    row(
      `Presence: ${CHURN} people open one SSE stream each (${CHURN_PARALLEL} at a time) until a watcher heard ${CHURN} ONLINE`,
      up,
      `streams all open after ${(up.acted / 1000).toFixed(2)} s, one stream's ticket + open p50 ${ms(percentile(opening, 50))}, p99 ${ms(percentile(opening, 99))}; ${upEvents} presence events to the watcher, ${upChurnerEvents.toLocaleString('en')} to the ${CHURN} streams themselves`,
    ),
    row(
      `Presence: the ${CHURN} streams close until the watcher heard ${CHURN} OFFLINE`,
      down,
      `includes the 3 s offline grace; ${events - upEvents} events`,
    ),
  ];
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
