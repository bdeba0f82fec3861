import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServer, type ServerProcess } from '../apps/server/test/server-process';
import {
  JWT_SECRET,
  percentile,
  rssOf,
  seed,
  subscribe,
  post,
  type Seeded,
  type Subscriber,
} from './support';

/** Fan-out latency: one message at a time to every subscriber of a room. */
async function fanOut(
  label: string,
  servers: ServerProcess[],
  seeded: Seeded,
  room: string,
  subscribers: number,
  messages: number,
) {
  const roomId = seeded.rooms[room] ?? 0;
  const sentAt = new Map<number, number>();
  const arrivals: Array<[number, number]> = [];
  const latenciesOf = () =>
    arrivals.flatMap(([id, at]) => {
      const t0 = sentAt.get(id);
      return t0 === undefined ? [] : [at - t0];
    });
  const subs: Subscriber[] = [];
  for (let i = 0; i < subscribers; i += 1) {
    const server = servers[i % servers.length] as ServerProcess;
    subs.push(
      await subscribe(server.url, seeded.tokens[i] as string, (id) => {
        // The event may arrive before the sender's HTTP answer names its id: keep the time.
        arrivals.push([id, performance.now()]);
      }),
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  const sender = seeded.tokens[0] as string;
  const url = `/api/workspaces/${seeded.workspaceId}/chat-rooms/${roomId}/messages`;
  for (let m = 0; m < messages; m += 1) {
    const expected = arrivals.length + subscribers;
    const t0 = performance.now();
    const sent = await post((servers[0] as ServerProcess).url, sender, url, { content: `m${m}` });
    sentAt.set(sent['id'] as number, t0);
    const deadline = Date.now() + 10_000;
    while (arrivals.length < expected && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }
  for (const sub of subs) sub.close();
  const latencies = latenciesOf();
  console.log(
    `${label}: ${subscribers} subscribers × ${messages} messages, delivered ${latencies.length}/${subscribers * messages}, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
  );
}

/** Sustained rate: `rate` messages per second into a room of `members` live subscribers. */
async function sustained(
  label: string,
  servers: ServerProcess[],
  seeded: Seeded,
  room: string,
  members: number,
  rate: number,
  seconds: number,
) {
  const roomId = seeded.rooms[room] ?? 0;
  const sentAt = new Map<number, number>();
  const arrivals: Array<[number, number]> = [];
  const latenciesOf = () =>
    arrivals.flatMap(([id, at]) => {
      const t0 = sentAt.get(id);
      return t0 === undefined ? [] : [at - t0];
    });
  const subs: Subscriber[] = [];
  for (let i = 0; i < members; i += 1) {
    const server = servers[i % servers.length] as ServerProcess;
    subs.push(
      await subscribe(server.url, seeded.tokens[i] as string, (id) => {
        // The event may arrive before the sender's HTTP answer names its id: keep the time.
        arrivals.push([id, performance.now()]);
      }),
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  const url = `/api/workspaces/${seeded.workspaceId}/chat-rooms/${roomId}/messages`;
  const total = rate * seconds;
  const started = performance.now();
  // Open loop at the target rate, but at most 64 sends in flight: a server that cannot keep up
  // shows as a lower achieved rate, not as a pile of timed-out connections.
  const inFlight = new Set<Promise<void>>();
  let failed = 0;
  for (let m = 0; m < total; m += 1) {
    const due = started + (m * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    while (inFlight.size >= 64) await Promise.race(inFlight);
    const server = servers[m % servers.length] as ServerProcess;
    const token = seeded.tokens[m % members] as string;
    const t0 = performance.now();
    const send: Promise<void> = post(server.url, token, url, { content: `r${m}` })
      .then((sent) => {
        sentAt.set(sent['id'] as number, t0);
      })
      .catch(() => {
        failed += 1;
      })
      .finally(() => inFlight.delete(send));
    inFlight.add(send);
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  const deadline = Date.now() + 15_000;
  while (arrivals.length < (total - failed) * members && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  for (const sub of subs) sub.close();
  const latencies = latenciesOf();
  console.log(
    `${label}: ${total} messages at ${rate}/s target (${(total / elapsed).toFixed(0)}/s achieved, ${failed} failed) to ${members} members, delivered ${latencies.length}/${(total - failed) * members}, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
  );
}

/** Memory per idle SSE connection of the server process (heart-beats running). */
async function idle(server: ServerProcess, seeded: Seeded, connections: number) {
  const before = await rssOf(server.pid);
  const subs: Subscriber[] = [];
  for (let i = 0; i < connections; i += 1) {
    subs.push(
      await subscribe(server.url, seeded.tokens[i % seeded.tokens.length] as string, () => {}),
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 20_000)); // past one heart-beat round
  const after = await rssOf(server.pid);
  for (const sub of subs) sub.close();
  console.log(
    `idle SSE: ${connections} connections held through a heart-beat round, server RSS ${(before / 2 ** 20).toFixed(0)} → ${(after / 2 ** 20).toFixed(0)} MB, ${((after - before) / connections / 1024).toFixed(1)} KB per connection`,
  );
}

export async function benchChat() {
  const common = { RATE_LIMIT_PER_MINUTE: '100000000', JWT_SECRET, LOG_LEVEL: 'warn' };

  // One instance, embedded database.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-bench-chat-'));
  const seeded = await seed({ DATA_DIR: dataDir }, 1000, { big: 1000, fifty: 50 });
  const single = await startServer({ dataDir, env: common, logLevel: 'warn' });
  try {
    await fanOut('one instance, PGlite, fan-out', [single], seeded, 'big', 1000, 20);
    await sustained('one instance, PGlite, sustained', [single], seeded, 'fifty', 50, 500, 5);
    await idle(single, seeded, 10_000);
  } finally {
    await single.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }

  // Two instances, PostgreSQL and Redis.
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
  if (!databaseUrl || !redisUrl) {
    console.log('two instances: skipped (set TEST_DATABASE_URL and TEST_REDIS_URL)');
    return;
  }
  const pgDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-bench-chat-pg-'));
  const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl };
  const seededPg = await seed({ DATA_DIR: pgDir, ...env }, 1000, { big: 1000, fifty: 50 });
  await fs.mkdir(path.join(pgDir, 'a'));
  await fs.mkdir(path.join(pgDir, 'b'));
  const servers = [
    await startServer({ dataDir: path.join(pgDir, 'a'), env: { ...common, ...env } }),
    await startServer({ dataDir: path.join(pgDir, 'b'), env: { ...common, ...env } }),
  ];
  try {
    await fanOut('two instances, PostgreSQL + Redis, fan-out', servers, seededPg, 'big', 1000, 20);
    await sustained(
      'two instances, PostgreSQL + Redis, sustained',
      servers,
      seededPg,
      'fifty',
      50,
      500,
      5,
    );
  } finally {
    for (const server of servers) await server.stop();
    await fs.rm(pgDir, { recursive: true, force: true });
  }
}
